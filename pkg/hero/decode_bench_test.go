package hero

import (
	"encoding/json"
	"os"
	"testing"
)

// BenchmarkDecodeLine decodes and validates one generated hero (one line
// of gen hero -n N), the unit of hero check's stream.
func BenchmarkDecodeLine(b *testing.B) {
	data, err := os.ReadFile("testdata/bench-line.json")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeLineStdlibAny is the floor BenchmarkDecodeLine is
// compared with: encoding/json decoding the same line into interface
// values, checking nothing.
func BenchmarkDecodeLineStdlibAny(b *testing.B) {
	data, err := os.ReadFile("testdata/bench-line.json")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}
