package rulebook

//go:generate go run -tags genpowerids ../../internal/cmd/genpowerids -o powerids_gen.go

// PowerID names a power of the Power Table (p. 7), an implant (p. 52), a
// spell (p. 62) or a psychic power (p. 67) by its slug. The constants
// (PowerForcefield, ImplantRetractableGlider, SpellEldritchBolt,
// PsiTelekinesis, ...) are generated from the tables into powerids_gen.go;
// code names a power through them, so a typo does not compile.
type PowerID string

// String returns the slug.
func (id PowerID) String() string { return string(id) }
