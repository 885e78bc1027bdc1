package encounter

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseSideFlag(t *testing.T) {
	tests := []struct {
		in   string
		want SideFlag
		err  string
	}{
		{"heroes=a.json", SideFlag{"heroes", []SideFile{{"", "a.json"}}}, ""},
		{" villains = b.json, boss:c.json ,, -", SideFlag{"villains", []SideFile{{"", "b.json"}, {"boss", "c.json"}, {"", "-"}}}, ""},
		{"x=C:\\dir\\f.json", SideFlag{"x", []SideFile{{"", "C:\\dir\\f.json"}}}, ""},
		{"x=id:", SideFlag{"x", []SideFile{{"", "id:"}}}, ""},
		{"heroes", SideFlag{}, `--side "heroes": give NAME=FILE`},
		{"=a.json", SideFlag{}, "give NAME=FILE"},
		{"heroes= , ", SideFlag{}, "give NAME=FILE"},
		{strings.Repeat("n", 1000), SideFlag{}, `"...: give`},
	}
	for _, tt := range tests {
		got, err := ParseSideFlag(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) || len(err.Error()) > 120 {
				t.Errorf("ParseSideFlag(%.50q) = %v, want error with %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseSideFlag(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseSidekickFlag(t *testing.T) {
	for _, tt := range []struct {
		in   string
		id   string
		rank int
		err  string
	}{
		{"robin=2", "robin", 2, ""}, {" robin = 3 ", "robin", 3, ""},
		{"robin=0", "", 0, "rank 0 is outside 1-3"}, {"robin=4", "", 0, "outside 1-3"}, {"robin=-1", "", 0, "outside 1-3"},
		{"robin", "", 0, "give ID=RANK"}, {"=2", "", 0, "give ID=RANK"}, {"robin=two", "", 0, "give ID=RANK"},
		{"robin=99999999999999999999", "", 0, "give ID=RANK"},
	} {
		id, rank, err := ParseSidekickFlag(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseSidekickFlag(%q) = %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || id != tt.id || rank != tt.rank {
			t.Errorf("ParseSidekickFlag(%q) = %q %d %v", tt.in, id, rank, err)
		}
	}
}

// FuzzParseSideFlags: fight new's --side and --sidekick parsers never
// panic; what they accept is well formed; errors are one short line.
func FuzzParseSideFlags(f *testing.F) {
	for _, s := range []string{"heroes=a.json", "v=b.json,boss:c.json", "=", "x=,", "robin=2", "robin=9", ":=:", "a=b:c:d", "\xff=\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if sf, err := ParseSideFlag(s); err == nil {
			if sf.Name == "" || strings.TrimSpace(sf.Name) != sf.Name || len(sf.Files) == 0 {
				t.Fatalf("ParseSideFlag(%q) = %+v", s, sf)
			}
			for _, f := range sf.Files {
				if f.Path == "" || (f.ID != "" && !ValidID(f.ID)) || strings.Contains(f.Path, ",") {
					t.Fatalf("ParseSideFlag(%q): file %+v", s, f)
				}
			}
		} else if strings.Contains(err.Error(), "\n") || len(err.Error()) > 200 {
			t.Fatalf("ParseSideFlag(%q): error %q", s, err)
		}
		if id, rank, err := ParseSidekickFlag(s); err == nil {
			if id == "" || rank < 1 || rank > 3 {
				t.Fatalf("ParseSidekickFlag(%q) = %q %d", s, id, rank)
			}
		} else if strings.Contains(err.Error(), "\n") || len(err.Error()) > 200 {
			t.Fatalf("ParseSidekickFlag(%q): error %q", s, err)
		}
	})
}
