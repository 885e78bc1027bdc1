package ruling

import (
	"bytes"
	"errors"
	"testing"
)

func TestStepsAddAndWrite(t *testing.T) {
	var s Steps
	s.Add("knockback", "p. 36", "%d stamina vs threshold %d: %d m", 36, 20, 8)
	s.AddRow("dodge", "p. 35", "Dodging Table", "roll 6, SC 4", "1d6 %d + bonus %d = %d: half damage", 5, 1, 6)
	s.Add("note", "", "no page")
	if len(s) != 3 || s[0].Text != "36 stamina vs threshold 20: 8 m" || s[1].Table != "Dodging Table" || s[1].Row != "roll 6, SC 4" {
		t.Fatalf("steps = %+v", s)
	}
	var buf bytes.Buffer
	if err := s.Write(&buf); err != nil {
		t.Fatal(err)
	}
	want := " 1. knockback: 36 stamina vs threshold 20: 8 m (p. 36)\n" +
		" 2. dodge:     1d6 5 + bonus 1 = 6: half damage [Dodging Table, roll 6, SC 4] (p. 35)\n" +
		" 3. note:      no page\n"
	if buf.String() != want {
		t.Errorf("Write =\n%s\nwant\n%s", buf.String(), want)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestStepsWriteError(t *testing.T) {
	s := Steps{{Rule: "a", Text: "b"}}
	if err := s.Write(failWriter{}); err == nil {
		t.Fatal("write error was swallowed")
	}
}
