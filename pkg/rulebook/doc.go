// Package rulebook holds every table of Codename: Spandex as typed Go data,
// with lookups. It is the single home of rules data; see the full package
// documentation below.
package rulebook
