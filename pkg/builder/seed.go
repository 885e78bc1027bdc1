package builder

// Streams of seeds derived from the builder's seed, one per kind of
// character it rolls, so that the villains and every kind of goon are
// rolled from their own dice whatever else the search tries.
const (
	StreamVillain  uint64 = 1
	StreamGoon     uint64 = 2
	StreamTrained  uint64 = 3
	StreamElite    uint64 = 4
	StreamSidekick uint64 = 5
	StreamAndroid  uint64 = 6
)

// Seed is the seed of character i of stream of a build seeded with
// master: SplitMix64 of the three, kept below 2^53 so that it is exact
// as a JSON number. A character rolled with it records it
// (creation.seed), and gen hero or gen npc with --seed replays it alone.
func Seed(master, stream uint64, i int) uint64 {
	x := splitmix(master ^ splitmix(stream<<32^uint64(i)))
	return x & (1<<53 - 1)
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
