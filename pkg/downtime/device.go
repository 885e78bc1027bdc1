package downtime

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Device stages (p. 48).
const (
	StageResearch   = "research"
	StageDesign     = "design"
	StageProduction = "production"
	StageTesting    = "testing"
	StageDone       = "done"
)

var stageOrder = [...]string{StageResearch, StageDesign, StageProduction, StageTesting}

// MaxFunctions bounds the functions of a multi-function device.
const MaxFunctions = 20

// DeviceRequest starts a device (pp. 47-48).
type DeviceRequest struct {
	Name string
	// Complexity is a Device Complexity Table row, named by the material
	// resources it needs, 3-7 (3 = anyone could make it).
	Complexity int
	// Components is a Device Components Table row, named by the financial
	// resources it needs, 3-7 (3 = cheap, common parts).
	Components int
	// KnownDesign skips research and design (p. 48).
	KnownDesign bool
	// Functions repeats every stage per function when the GM decides so
	// (p. 48); 0 or 1 is a single-function device.
	Functions int
	// Robot builds a robot: a device of cutting-edge, expensive components
	// (pp. 49-50).
	Robot bool
}

// DeviceResult reports a device started.
type DeviceResult struct {
	Device   hero.Device  `json:"device"`
	TotalXP  int          `json:"total_xp"`
	Warnings []string     `json:"warnings,omitempty"`
	Steps    ruling.Steps `json:"steps"`
}

// ParseComplexity accepts a Device Complexity Table row by the material
// resources it needs, 3-7 (the only number the book gives each row), or
// by its slug ("some-know-how"), and returns that level.
func ParseComplexity(s string) (int, error) {
	if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
		if _, ok := complexityRow(n); !ok {
			return 0, refusal.Errorf("complexity %d: the Device Complexity Table's rows need material resources 3-7 (p. 47)", n)
		}
		return n, nil
	}
	k := normaliseName(s)
	for _, r := range rulebook.DeviceComplexityRows() {
		if r.Slug == k || normaliseName(r.Complexity) == k {
			return r.MaterialResources, nil
		}
	}
	return 0, refusal.Errorf("complexity %q: not a Device Complexity Table row (3-7 or anyone, some-know-how, knowledge-and-equipment, specialist-equipment, precision-research)", s)
}

// ParseComponents accepts a Device Components Table row by the financial
// resources it needs, 3-7, or by its slug ("hard-to-find"), and returns
// that level.
func ParseComponents(s string) (int, error) {
	if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
		if _, ok := componentsRow(n); !ok {
			return 0, refusal.Errorf("components %d: the Device Components Table's rows need financial resources 3-7 (p. 47)", n)
		}
		return n, nil
	}
	k := normaliseName(s)
	for _, r := range rulebook.DeviceComponentsRows() {
		if r.Slug == k || normaliseName(r.Components) == k {
			return r.FinancialResources, nil
		}
	}
	return 0, refusal.Errorf("components %q: not a Device Components Table row (3-7 or cheap-common, average-common, hard-to-find, custom-hi-tech, secret-cutting-edge)", s)
}

// complexityRow finds the Device Complexity Table row needing material
// resources level.
func complexityRow(level int) (rulebook.DeviceComplexityRow, bool) {
	for _, r := range rulebook.DeviceComplexityRows() {
		if r.MaterialResources == level {
			return r, true
		}
	}
	return rulebook.DeviceComplexityRow{}, false
}

// componentsRow finds the Device Components Table row needing financial
// resources level.
func componentsRow(level int) (rulebook.DeviceComponentsRow, bool) {
	for _, r := range rulebook.DeviceComponentsRows() {
		if r.FinancialResources == level {
			return r, true
		}
	}
	return rulebook.DeviceComponentsRow{}, false
}

// RobotComponents is the Device Components Table row robots use, "secret,
// illegal or cutting edge parts" (financial resources 7): robots are
// "cutting edge technology with expensive components" (p. 50).
const RobotComponents = 7

// FindDevice returns the hero's device by name (normalised), or nil.
func FindDevice(h *hero.Hero, name string) *hero.Device {
	n := normaliseName(name)
	for i := range h.Downtime.Devices {
		if normaliseName(h.Downtime.Devices[i].Name) == n {
			return &h.Downtime.Devices[i]
		}
	}
	return nil
}

func functions(d hero.Device) int {
	if d.Functions < 1 {
		return 1
	}
	return d.Functions
}

func deviceStages(d hero.Device) int {
	if d.KnownDesign {
		return rulebook.DeviceStages - 2
	}
	return rulebook.DeviceStages
}

// DeviceTotalXP is the experience a device needs: the per-stage cost for
// each of its stages (four, or two with a known design), repeated per
// function (p. 48).
func DeviceTotalXP(d hero.Device) int {
	return d.PerStage * deviceStages(d) * functions(d)
}

// deviceStage returns the stage a device is in after xp experience.
func deviceStage(d hero.Device) string {
	total := DeviceTotalXP(d)
	if d.Experience >= total {
		return StageDone
	}
	per := d.PerStage * functions(d)
	i := d.Experience / per
	if d.KnownDesign {
		i += 2
	}
	return stageOrder[i]
}

// StartDevice begins inventing a device (pp. 47-48): the hero's material
// resources must reach the complexity row's minimum and financial
// resources the components row's. The device's experience per stage comes
// from the complexity row.
func StartDevice(h *hero.Hero, req DeviceRequest) (DeviceResult, error) {
	if err := canSpend(h); err != nil {
		return DeviceResult{}, err
	}
	name := strings.TrimSpace(req.Name)
	if name == "" || len(name) > maxGoalLen || strings.ContainsAny(name, "\n\r\t=,:") {
		return DeviceResult{}, refusal.Errorf("--name: a device needs a one-line name of up to %d characters without '=', ',' or ':'", maxGoalLen)
	}
	if normaliseName(name) == "" {
		return DeviceResult{}, refusal.Errorf("--name %q: needs a letter or digit", name)
	}
	if FindDevice(h, name) != nil {
		return DeviceResult{}, refusal.Errorf("--name %q: %s already has a device of that name", name, h.Name)
	}
	crow, ok := complexityRow(req.Complexity)
	if !ok {
		return DeviceResult{}, refusal.Errorf("--complexity %d: the Device Complexity Table's rows need material resources 3-7 (p. 47)", req.Complexity)
	}
	if req.Robot && req.Components == 0 {
		req.Components = RobotComponents
	}
	prow, ok := componentsRow(req.Components)
	if !ok {
		return DeviceResult{}, refusal.Errorf("--components %d: the Device Components Table's rows need financial resources 3-7 (p. 47)", req.Components)
	}
	if req.Robot && req.Components != RobotComponents {
		robot, _ := componentsRow(RobotComponents)
		return DeviceResult{}, refusal.Errorf("--components %d: a robot is cutting-edge technology with expensive components: %d, %s (p. 50)", req.Components, RobotComponents, robot.Components)
	}
	if req.Functions < 0 || req.Functions > MaxFunctions {
		return DeviceResult{}, refusal.Errorf("--functions %d: outside 1-%d", req.Functions, MaxFunctions)
	}
	var res DeviceResult
	res.Steps.AddRow("complexity", "pp. 47-48", "Device Complexity Table", crow.Complexity,
		"needs material resources %d (has %d); %d experience per stage", crow.MaterialResources, h.Resources.Material, crow.XPPerStage)
	if h.Resources.Material < crow.MaterialResources {
		return DeviceResult{}, refusal.Errorf("--complexity %d (%s) needs material resources %d; %s has %d (p. 48)", req.Complexity, crow.Complexity, crow.MaterialResources, h.Name, h.Resources.Material)
	}
	res.Steps.AddRow("components", "p. 48", "Device Components Table", prow.Components,
		"needs financial resources %d (has %d)", prow.FinancialResources, h.Resources.Financial)
	if h.Resources.Financial < prow.FinancialResources {
		return DeviceResult{}, refusal.Errorf("--components %d (%s) needs financial resources %d; %s has %d (p. 48)", req.Components, prow.Components, prow.FinancialResources, h.Name, h.Resources.Financial)
	}
	if !h.HasPerk("boffin") {
		res.Warnings = append(res.Warnings, "inventing devices is the Boffin perk's field (p. 47); the GM allows it here")
	}
	d := hero.Device{Name: name, Complexity: req.Complexity, Components: req.Components,
		PerStage: crow.XPPerStage, KnownDesign: req.KnownDesign, Functions: req.Functions, Robot: req.Robot}
	d.Stage = deviceStage(d)
	res.Device = d
	res.TotalXP = DeviceTotalXP(d)
	stages := "research, design, production and testing"
	if d.KnownDesign {
		stages = "production and testing (a working design skips research and design)"
	}
	res.Steps.Add("stages", "p. 48", "%d experience for each of %s, x %d functions = %d", d.PerStage, stages, functions(d), res.TotalXP)
	if req.Robot {
		res.Steps.Add("robot", "pp. 49-50", "a robot is built as a device; its powers are bought like the creator's, counting the robot's own powers plus one for being a robot")
	}
	h.Downtime.Devices = append(h.Downtime.Devices, d)
	return res, nil
}

// creditDevice adds experience to a device, advancing its stages; it
// returns the experience used, the stages finished and any excess (which
// is lost: a finished device takes no more).
func creditDevice(h *hero.Hero, d *hero.Device, xp int, s *ruling.Steps) (used int, finished bool) {
	total := DeviceTotalXP(*d)
	room := total - d.Experience
	if room < 0 {
		room = 0
	}
	used = xp
	if used > room {
		used = room
	}
	before := d.Stage
	d.Experience += used
	d.Stage = deviceStage(*d)
	if d.Stage != before {
		s.Add("device", "p. 48", "%s: %s → %s (%d/%d experience)", d.Name, before, d.Stage, d.Experience, total)
	}
	if d.Stage == StageDone && before != StageDone {
		crow, _ := complexityRow(d.Complexity)
		prow, _ := componentsRow(d.Components)
		notes := fmt.Sprintf("device: %s, %s", crow.Complexity, prow.Components)
		if d.Robot {
			notes = "robot " + notes
		}
		h.Equipment = append(h.Equipment, hero.Item{Name: d.Name, Notes: notes})
		finished = true
	}
	return used, finished
}

// DeviceGoalName is the name to use after "device:" in a goal for a
// device called name ("grapple gun" → "grapple-gun").
func DeviceGoalName(name string) string { return normaliseName(name) }
