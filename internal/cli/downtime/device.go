package downtime

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	profilecmd "github.com/codename-spandex/spandex/internal/cli/profile"
	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/downtime"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// DeviceOptions are the inputs of `spandex downtime device`.
type DeviceOptions struct {
	F           *cmdutil.Factory
	Target      profilecmd.Target
	Name        string
	Complexity  string
	Components  string
	KnownDesign bool
	Functions   int
	Robot       bool
	Format      cmdutil.Format
}

// DeviceOutput is the JSON report of `downtime device`.
type DeviceOutput struct {
	Name string `json:"name"`
	downtime.DeviceResult
}

// NewCmdDevice builds `spandex downtime device`.
func NewCmdDevice(f *cmdutil.Factory, runF func(*DeviceOptions) error) *cobra.Command {
	opts := &DeviceOptions{F: f}
	cmd := &cobra.Command{
		Use:   "device [-i FILE | FILE|-] --name NAME --complexity C --components C",
		Short: "Start inventing a device",
		Long: `Start inventing a device with mundane abilities (pp. 47-48); anything with
super-power effects is bought as a new power instead.

--complexity is a Device Complexity Table row (1-5 or its slug): the
material resources the hero needs and the experience per stage:
  1 anyone                   material 3,  5 per stage
  2 some-know-how            material 4, 10
  3 knowledge-and-equipment  material 5, 15
  4 specialist-equipment     material 6, 20
  5 precision-research       material 7, 25
--components is a Device Components Table row (1-5 or its slug): the
financial resources needed:
  1 cheap-common 3, 2 average-common 4, 3 hard-to-find 5,
  4 custom-hi-tech 6, 5 secret-cutting-edge 7

The per-stage experience is paid four times: research, design, production
and testing; --known-design skips research and design. --functions N
repeats every stage per function, when the GM decides so. --robot builds
a robot (pp. 49-50): cutting-edge components (row 5).

Then spend experience on goal device:NAME (downtime spend); the stages
advance as it accrues, and a finished device joins the hero's equipment.
Inventing is the Boffin perk's field (p. 47): without it a warning is
given and the GM decides.

With -i FILE the file is rewritten and the report printed (JSON when
piped: name, device, total_xp, warnings, steps); otherwise the hero goes
to stdout.`,
		Example: `  spandex downtime device -i hero.json --name tracer --complexity 2 --components 2
  spandex downtime device -i hero.json --name "grapple gun" --complexity some-know-how --components hard-to-find --known-design`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 {
				return cmdutil.Inputf("downtime device: give one hero file")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Target.File = args[0]
			}
			ft, err := f.Format(cmdutil.FormatText)
			if err != nil {
				return err
			}
			opts.Format = ft
			if runF != nil {
				return runF(opts)
			}
			return DeviceRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Target.InPlace, "in-place", "i", "", "rewrite this hero file in place")
	fl.StringVar(&opts.Name, "name", "", "the device's name")
	fl.StringVar(&opts.Complexity, "complexity", "", "Device Complexity Table row, 1-5 or slug")
	fl.StringVar(&opts.Components, "components", "", "Device Components Table row, 1-5 or slug (robots: 5)")
	fl.BoolVar(&opts.KnownDesign, "known-design", false, "working designs exist: skip research and design")
	fl.IntVar(&opts.Functions, "functions", 1, "functions; every stage repeats per function (GM's choice)")
	fl.BoolVar(&opts.Robot, "robot", false, "build a robot (pp. 49-50)")
	return cmd
}

// DeviceRun starts the device.
func DeviceRun(opts *DeviceOptions) error {
	f := opts.F
	if opts.Name == "" {
		return cmdutil.Inputf("--name: give the device a name")
	}
	if opts.Complexity == "" {
		return cmdutil.Inputf("--complexity: give a Device Complexity Table row, 1-5 (p. 47)")
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
		return cmdutil.Inputf("--components: give a Device Components Table row, 1-5 (p. 47)")
	}
	if opts.Functions < 1 || opts.Functions > downtime.MaxFunctions {
		return cmdutil.Inputf("--functions %d: outside 1-%d", opts.Functions, downtime.MaxFunctions)
	}
	h, err := opts.Target.Read(f)
	if err != nil {
		return err
	}
	req := downtime.DeviceRequest{Name: opts.Name, Complexity: cx, Components: cp, KnownDesign: opts.KnownDesign, Robot: opts.Robot}
	if opts.Functions > 1 {
		req.Functions = opts.Functions
	}
	res, err := downtime.StartDevice(h, req)
	if err != nil {
		return cmdutil.Input(err)
	}
	if err := profilecmd.Explain(f, res.Steps); err != nil {
		return err
	}
	warn(f, res.Warnings)
	crow := rulebook.DeviceComplexityRows()[res.Device.Complexity-1]
	summary := fmt.Sprintf("started device %s (%s): %d experience", res.Device.Name, crow.Complexity, res.TotalXP)
	return save(f, opts.Target, h, opts.Format, summary, nil, DeviceOutput{Name: h.Name, DeviceResult: res}, func(w io.Writer) error {
		return writeDevice(w, h, res)
	})
}

func writeDevice(w io.Writer, h *hero.Hero, res downtime.DeviceResult) error {
	d := res.Device
	_, err := fmt.Fprintf(w, "%s: device %s started at %s: %d experience a stage, %d in all; spend on goal device:%s\n",
		h.Name, d.Name, d.Stage, d.PerStage, res.TotalXP, downtime.DeviceGoalName(d.Name))
	return err
}
