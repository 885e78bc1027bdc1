package downtime

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/downtime"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// DeviceOptions are the inputs of `spandex downtime device`.
type DeviceOptions struct {
	*cmdutil.Env
	Target      cmdutil.HeroTarget
	Name        string
	Complexity  string
	Components  string
	KnownDesign bool
	Functions   int
	Robot       bool
}

// DeviceOutput is the JSON report of `downtime device`.
type DeviceOutput struct {
	Name string `json:"name"`
	downtime.DeviceResult
}

// NewCmdDevice builds `spandex downtime device`.
func NewCmdDevice(f *cmdutil.Factory, runF func(*DeviceOptions) error) *cobra.Command {
	opts := &DeviceOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runDevice
	}
	cmd := &cobra.Command{
		Use:   "device [-i FILE | FILE|-] --name NAME --complexity C --components C",
		Short: "Start inventing a device",
		Long: `Start inventing a device with mundane abilities (pp. 47-48); anything with
super-power effects is bought as a new power instead.

--complexity names a Device Complexity Table row by the material
resources it needs (the row's number in the book) or its slug; the row
also gives the experience per stage:
  3 anyone                   5 per stage
  4 some-know-how           10
  5 knowledge-and-equipment 15
  6 specialist-equipment    20
  7 precision-research      25
--components names a Device Components Table row by the financial
resources it needs, or its slug:
  3 cheap-common, 4 average-common, 5 hard-to-find, 6 custom-hi-tech,
  7 secret-cutting-edge
The hero's resources must reach both.

The per-stage experience is paid four times: research, design, production
and testing; --known-design skips research and design. --functions N
repeats every stage per function, when the GM decides so. --robot builds
a robot (pp. 49-50): cutting-edge components (7).

Then spend experience on goal device:NAME (downtime spend); the stages
advance as it accrues, and a finished device joins the hero's equipment.
Inventing is the Boffin perk's field (p. 47): without it a warning is
given and the GM decides.

With -i FILE the file is rewritten and the report printed (JSON when
piped: name, device, total_xp, warnings, steps); otherwise the hero goes
to stdout.`,
		Example: `  spandex downtime device -i guardian.json --name tracer --complexity 4 --components 5
  spandex downtime device -i hero.json --name "grapple gun" --complexity some-know-how --components hard-to-find --known-design`,
		Args: cmdutil.OneHeroFile("downtime device"),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.Target.FromArgs),
	}
	opts.Target.AddInPlaceFlag(cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.Name, "name", "", "the device's name")
	fl.StringVar(&opts.Complexity, "complexity", "", "Device Complexity Table row: the material resources it needs (3-7) or its slug")
	fl.StringVar(&opts.Components, "components", "", "Device Components Table row: the financial resources it needs (3-7) or its slug (robots: 7)")
	fl.BoolVar(&opts.KnownDesign, "known-design", false, "working designs exist: skip research and design")
	fl.IntVar(&opts.Functions, "functions", 1, "functions; every stage repeats per function (GM's choice)")
	fl.BoolVar(&opts.Robot, "robot", false, "build a robot (pp. 49-50)")
	return cmd
}

// runDevice starts the device.
func runDevice(opts *DeviceOptions) error {
	env := opts.Env
	if opts.Name == "" {
		return cmdutil.Inputf("--name: give the device a name")
	}
	if opts.Complexity == "" {
		return cmdutil.Inputf("--complexity: give a Device Complexity Table row, 3-7 (p. 47)")
	}
	cx, err := downtime.ParseComplexity(opts.Complexity)
	if err != nil {
		return cmdutil.Inputf("--complexity: %w", err)
	}
	cp := 0
	if opts.Components != "" {
		if cp, err = downtime.ParseComponents(opts.Components); err != nil {
			return cmdutil.Inputf("--components: %w", err)
		}
	} else if !opts.Robot {
		return cmdutil.Inputf("--components: give a Device Components Table row, 3-7 (p. 47)")
	}
	if opts.Functions < 1 || opts.Functions > downtime.MaxFunctions {
		return cmdutil.Inputf("--functions %d: outside 1-%d", opts.Functions, downtime.MaxFunctions)
	}
	req := downtime.DeviceRequest{Name: opts.Name, Complexity: cx, Components: cp, KnownDesign: opts.KnownDesign, Robot: opts.Robot}
	if opts.Functions > 1 {
		req.Functions = opts.Functions
	}
	return opts.Target.Change(env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
		res, err := downtime.StartDevice(h, req)
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		summary := fmt.Sprintf("started device %s (complexity %d, components %d): %d experience", res.Device.Name, res.Device.Complexity, res.Device.Components, res.TotalXP)
		return change(summary, nil, DeviceOutput{Name: h.Name, DeviceResult: res}, res.Steps, res.Warnings, func(w io.Writer) error {
			return writeDevice(w, h, res)
		}), nil
	})
}

func writeDevice(w io.Writer, h *hero.Hero, res downtime.DeviceResult) error {
	d := res.Device
	_, err := fmt.Fprintf(w, "%s: device %s started at %s: %d experience a stage, %d in all; spend on goal device:%s\n",
		termtext.Escape(h.Name), termtext.Escape(d.Name), d.Stage, d.PerStage, res.TotalXP, termtext.Escape(downtime.DeviceGoalName(d.Name)))
	return err
}
