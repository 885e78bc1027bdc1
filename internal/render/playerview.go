package render

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	g "maragu.dev/gomponents"
	h "maragu.dev/gomponents/html"

	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
)

//go:embed templates/playerview.css
var playerCSS string

// playerJS keeps the player view current: it listens to the server's
// events (EventSource, no framework, nothing fetched from elsewhere) and
// puts each new board in place of the old one. Without JavaScript the
// page reloads itself (the <noscript> refresh).
const playerJS = `(function () {
  if (!window.EventSource) return;
  var es = new EventSource("events");
  es.onmessage = function (e) {
    var old = document.getElementById("board");
    if (!old) return;
    old.outerHTML = e.data;
    var b = document.getElementById("board");
    if (b && b.dataset.title) document.title = b.dataset.title;
    document.body.classList.remove("offline");
  };
  es.onopen = function () {
    document.body.classList.remove("offline");
    document.body.classList.add("live");
  };
  es.onerror = function () {
    document.body.classList.add("offline");
    document.body.classList.remove("live");
  };
})();`

// PlayerViewCSP is the Content-Security-Policy the player view is served
// with: its own stylesheet and script (by their hashes) and its own
// event stream, nothing else — no other script, style, image, frame or
// connection, whatever a name in the file holds. Hashed on first use:
// every other verb links this package, and start-up pays for nothing it
// does not use.
var PlayerViewCSP = sync.OnceValue(func() string {
	return "default-src 'none'; script-src '" + cspHash(playerJS) + "'; style-src '" + cspHash(playerCSS) +
		"'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
})

func cspHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

// PlayerView is what the player view shows: the fight's board and whose
// turn it is, as `fight status` and `fight next` have them.
type PlayerView struct {
	Board encounter.Board
	Next  encounter.Next
	// Players are the sides whose numbers (health, stamina, hits,
	// pools, vehicles) are shown; every other side's combatants show
	// only their condition and states. Reveal shows everyone's numbers.
	Players []string
	Reveal  bool
	// Notice is shown above the board (the file could not be read, the
	// board is the last good one); "" for none.
	Notice string
	// Seq counts the boards served: each new board has a larger one.
	Seq int
	// Refresh is the <noscript> page's reload interval in seconds (0:
	// none).
	Refresh int
}

// PlayerPage writes the player view as a whole page: the board, and the
// few lines of script that keep it current from the server's events.
func PlayerPage(w io.Writer, v *PlayerView) error {
	title := playerTitle(v)
	return write(w, h.Doctype(h.HTML(h.Lang("en"),
		h.Head(
			h.Meta(h.Charset("utf-8")),
			h.Meta(h.Name("viewport"), h.Content("width=device-width, initial-scale=1")),
			h.Meta(h.Name("generator"), h.Content("spandex "+Version)),
			g.If(v.Refresh > 0, h.NoScript(h.Meta(g.Attr("http-equiv", "refresh"), h.Content(strconv.Itoa(v.Refresh))))),
			h.TitleEl(g.Text(title)),
			h.StyleEl(g.Raw(playerCSS)), // the project's own stylesheet, not input
		),
		h.Body(h.Class("player"),
			h.P(h.ID("lost"), h.Role("status"), g.Text("Lost the connection to spandex; trying again…")),
			playerBoard(v),
			h.Script(g.Raw(playerJS)), // the project's own script, not input
		),
	)))
}

// PlayerBoard writes the board alone: the element the page's script puts
// in place of the old board.
func PlayerBoard(w io.Writer, v *PlayerView) error {
	return write(w, playerBoard(v))
}

func playerTitle(v *PlayerView) string {
	name := v.Board.Name
	if name == "" {
		name = "Fight"
	}
	return cut(name, maxName) + " · page " + strconv.Itoa(v.Board.Page)
}

// sharedName reports whether more than one combatant has this name (the
// turn order then shows their ids too).
func (v *PlayerView) sharedName(name string) bool {
	n := 0
	for _, c := range v.Board.Combatants {
		if c.Name == name {
			n++
		}
	}
	return n > 1
}

// shows reports whether the view shows a combatant's numbers.
func (v *PlayerView) shows(c *encounter.Status) bool {
	return v.Reveal || slices.Contains(v.Players, c.Side)
}

func playerBoard(v *PlayerView) g.Node {
	b := &v.Board
	name := b.Name
	if name == "" {
		name = "Fight"
	}
	sides := make([]string, len(b.Sides))
	for i, s := range b.Sides {
		sides[i] = s.Name
	}
	state := "Page " + strconv.Itoa(b.Page) + ", " + string(b.Phase) + " phase"
	var now g.Node
	switch {
	case b.Over:
		now = h.P(h.Class("now over"), g.Text(overLine(b.Winner)))
	case v.Next.Actor != nil:
		now = h.P(h.Class("now"), g.Text("Now: "), h.Strong(h.Class("actor"), g.Text(displayName(v.Next.Actor.Name, v.Next.Actor.ID))))
	case v.Next.Hint != "":
		now = h.P(h.Class("now idle"), g.Text(v.Next.Hint))
	}
	var order g.Node
	if !b.Over && v.Next.Actor != nil {
		order = orderNode(v)
	}
	return h.Main(h.ID("board"), h.Data("seq", strconv.Itoa(v.Seq)), h.Data("title", playerTitle(v)),
		h.Header(h.Class("head"),
			h.H1(g.Text(name)),
			h.P(h.Class("state"), g.Text(state)),
			g.If(b.Initiative != nil, h.P(h.Class("initiative"), g.Text("Initiative: "+InitiativeText(b.Initiative, sides)))),
			now,
		),
		g.If(v.Notice != "", h.P(h.Class("notice"), h.Role("alert"), g.Text(v.Notice))),
		order,
		g.Map(b.Sides, func(s encounter.SideCount) g.Node { return sideNode(v, s) }),
	)
}

// overLine says the fight is over and who won.
func overLine(winner string) string {
	if winner == "" {
		return "The fight is over: nobody is left standing."
	}
	return "The fight is over: " + winner + " won."
}

// displayName is a combatant's name, or its id when it has none.
func displayName(name, id string) string {
	if strings.TrimSpace(name) == "" {
		return id
	}
	return cut(name, maxName)
}

// orderNode is the turn order of the phase: who acts now, then who
// follows (p. 30: the winners' advance panels, the losers' panels, the
// winners' remaining panels; within a side the higher agility first).
func orderNode(v *PlayerView) g.Node {
	turns := append([]encounter.Turn{*v.Next.Actor}, v.Next.Queue...)
	return h.Section(h.Class("order"),
		h.H2(g.Text("Turn order, "+string(v.Board.Phase)+" phase")),
		h.Ol(g.Map(turns, func(t encounter.Turn) g.Node {
			return h.Li(g.If(t.ID == v.Next.Actor.ID, h.Class("current")),
				g.Text(displayName(t.Name, t.ID)),
				g.If(v.sharedName(t.Name) && t.Name != t.ID, g.Group{sp, h.Span(h.Class("id"), g.Text(t.ID))}),
				sp, h.Span(h.Class("of-side"), g.Text("("+t.Side+")")))
		})),
	)
}

func sideNode(v *PlayerView, s encounter.SideCount) g.Node {
	var cards g.Group
	for i := range v.Board.Combatants {
		c := &v.Board.Combatants[i]
		if c.Side == s.Name {
			cards = append(cards, combatantNode(v, c))
		}
	}
	won := v.Board.Initiative != nil && v.Board.Initiative.Winner == s.Name
	return h.Section(h.Class("side"),
		h.H2(g.Text(s.Name), sp, h.Span(h.Class("count"), g.Text(strconv.Itoa(s.Standing)+" of "+strconv.Itoa(s.Total)+" standing")),
			g.If(won, h.Span(h.Class("won"), g.Text(" · won initiative")))),
		h.Ul(h.Class("cards"), cards),
	)
}

func combatantNode(v *PlayerView, c *encounter.Status) g.Node {
	class := "card"
	if c.Out {
		class += " out"
	}
	current := v.Next.Actor != nil && v.Next.Actor.ID == c.ID && !v.Board.Over
	if current {
		class += " current"
	}
	show := v.shows(c)
	var states []string
	if c.Form != "" {
		states = append(states, "form: "+c.Form)
	}
	for _, ef := range c.Effects {
		states = append(states, ef.Text)
	}
	// "taken_out" reads "taken out"; an out combatant says so once.
	condition := strings.ReplaceAll(c.Condition, "_", " ")
	if reason := strings.ReplaceAll(c.OutReason, "_", " "); c.Out && reason != "" && reason != condition {
		condition += " (" + reason + ")"
	}
	if c.Out && !strings.HasSuffix(condition, " out") {
		condition += ", out of the fight"
	}
	return h.Li(h.Class(class), h.Data("id", c.ID),
		h.Div(h.Class("who"),
			h.Strong(h.Class("name"), g.Text(displayName(c.Name, c.ID))),
			g.If(c.Name != "" && c.Name != c.ID, g.Group{sp, h.Span(h.Class("id"), g.Text(c.ID))}),
			g.If(current, h.Span(h.Class("turn"), g.Text(" · acting"))),
		),
		h.P(h.Class("condition"), g.Text(condition)),
		g.If(show, numbersNode(c)),
		g.If(!show, h.P(h.Class("hidden"), g.Text("health and stamina hidden"))),
		g.If(len(states) > 0, h.Ul(h.Class("states"), g.Map(states, func(s string) g.Node { return h.Li(g.Text(s)) }))),
	)
}

// numbersNode is a combatant's health and stamina as bars (a mundane
// character's hits as a number), its pools and its vehicle.
func numbersNode(c *encounter.Status) g.Node {
	var rows g.Group
	if c.Kind == hero.KindMundane {
		rows = append(rows, h.P(h.Class("hits"), g.Text("Hits taken: "+strconv.Itoa(c.Hits))))
	} else {
		rows = append(rows, bar("Health", "health", c.Health, c.HealthMax), bar("Stamina", "stamina", c.Stamina, c.StaminaMax))
	}
	for _, p := range c.Pools {
		rows = append(rows, bar(p.Name, "pool", p.Current, p.Max))
	}
	if veh := c.Vehicle; veh != nil {
		rows = append(rows, bar(veh.Name, "vehicle", veh.Current, veh.Health))
	}
	return h.Div(h.Class("numbers"), rows)
}

// bar is one value as a labelled meter: "Health 23/30".
func bar(name, class string, cur, maxV int) g.Node {
	text := strconv.Itoa(cur) + "/" + strconv.Itoa(maxV)
	return h.Div(h.Class("bar "+class),
		h.Span(h.Class("label"), g.Text(name)),
		g.El("meter", g.Attr("min", "0"), g.Attr("max", strconv.Itoa(max(maxV, 1))), g.Attr("value", strconv.Itoa(max(cur, 0))),
			h.Aria("label", name+" "+text), g.Text(text)),
		h.Span(h.Class("value"), g.Text(text)),
	)
}
