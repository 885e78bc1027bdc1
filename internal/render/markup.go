package render

import (
	"strconv"

	g "maragu.dev/gomponents"
	h "maragu.dev/gomponents/html"
)

// The pages' markup, built with gomponents: every value is a node that
// escapes itself (g.Text for text, attribute nodes for attribute values),
// so no value from a file can become markup. The one raw string is the
// project's own stylesheet. (gomponents calls no methods through
// reflection, unlike html/template, whose executor makes the linker keep
// every exported method of the whole program: a third more binary to map
// at every start-up.)

// sp is the space between two inline elements.
var sp = g.Text(" ")

func num(n int) g.Node { return g.Text(strconv.Itoa(n)) }

func f1(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// document is a whole page: its title, the stylesheet and the body.
func document(title, bodyClass string, body ...g.Node) g.Node {
	return h.Doctype(h.HTML(h.Lang("en"),
		h.Head(
			h.Meta(h.Charset("utf-8")),
			h.Meta(h.Name("viewport"), h.Content("width=device-width, initial-scale=1")),
			h.Meta(h.Name("generator"), h.Content("spandex "+Version)),
			h.TitleEl(g.Text(title)),
			h.StyleEl(g.Raw(styleCSS)), // the project's own stylesheet, not input
		),
		h.Body(h.Class(bodyClass), g.Group(body)),
	))
}

// label is a small label before a value.
func label(s string) g.Node { return h.Span(h.Class("label"), g.Text(s)) }

// sheetNode is one hero's sheet, or one of its continuation pages.
func sheetNode(v *sheetView) g.Node {
	if v.Continued {
		return continuedNode(v)
	}
	return h.Article(h.Class("sheet "+v.Dense),
		h.Header(h.Class("sheet-head"),
			h.Div(h.Class("field name"), label("Name"), h.Span(h.Class("value"), g.Text(v.Name))),
			h.Div(h.Class("field kind"), label("Kind"), h.Span(h.Class("value"), g.Text(v.Kind))),
			h.Div(h.Class("field identity"), label("Secret identity & notes"), h.Span(h.Class("value"), g.Text(v.Notes))),
		),
		h.Div(h.Class("row"), abilitiesNode(v), combatNode(v)),
		tracksNode(v),
		attacksNode(v),
		listsNode(v),
		g.If(len(v.Profile) > 0, profileNode(v)),
		g.If(v.More != "", h.P(h.Class("more"), g.Text(v.More))),
		h.Section(h.Class("notes box"), h.H2(g.Text("Notes"))),
		h.Footer(h.Span(h.Class("brand"), g.Text("Codename: Spandex")), h.Span(g.Text("character sheet (rulebook p. 17) · spandex"))),
	)
}

// continuedNode is a continuation page: the hero's name, then what did
// not fit the sheet.
func continuedNode(v *sheetView) g.Node {
	return h.Article(h.Class("sheet continued "+v.Dense),
		h.Header(h.Class("sheet-head"),
			h.Div(h.Class("field name"), label("Name"), h.Span(h.Class("value"), g.Text(v.Name))),
			h.Div(h.Class("field kind"), label("Kind"), h.Span(h.Class("value"), g.Text(v.Kind))),
			h.P(h.Class("field identity small"), g.Text(v.Part)),
		),
		g.If(len(v.Attacks) > 0, attacksNode(v)),
		g.If(len(v.Powers)+len(v.Perks)+len(v.Equipment) > 0, listsNode(v)),
		h.Section(h.Class("notes box"), h.H2(g.Text("Notes"))),
		h.Footer(h.Span(h.Class("brand"), g.Text("Codename: Spandex")), h.Span(g.Text("character sheet (rulebook p. 17), "+v.Part+" · spandex"))),
	)
}

func abilitiesNode(v *sheetView) g.Node {
	return h.Section(h.Class("abilities box"),
		h.H2(g.Text("Abilities")),
		h.Table(
			h.THead(h.Tr(h.Th(), h.Th(g.Text("Base")), h.Th(g.Text("Final")), h.Th())),
			h.TBody(g.Map(v.Abilities, func(a abilityRow) g.Node {
				return h.Tr(
					h.Th(h.Class("ab"), g.Text(a.Name)),
					h.Td(h.Class("num"), num(a.Base)),
					h.Td(h.Class("final"), h.Span(num(a.Final))),
					h.Td(h.Class("bonus"), g.If(a.Label != "", g.Group{label(a.Label), sp, h.B(g.Text(a.Bonus))})),
				)
			})),
		),
		g.If(len(v.Modifiers) > 0, h.P(h.Class("small"), joined(v.Modifiers, "; "))),
	)
}

// joined is the texts, separated.
func joined(ss []string, sep string) g.Node {
	var n g.Group
	for i, s := range ss {
		if i > 0 {
			n = append(n, g.Text(sep))
		}
		n = append(n, g.Text(s))
	}
	return n
}

func combatNode(v *sheetView) g.Node {
	return h.Section(h.Class("combat box"),
		h.H2(g.Text("Combat")),
		h.Dl(g.Map(v.Combat, func(p pair) g.Node {
			return h.Div(h.Dt(g.Text(p.Label)), h.Dd(g.Text(p.Value)))
		})),
		g.If(len(v.Extras) > 0, h.Dl(h.Class("extras"), g.Map(v.Extras, func(p pair) g.Node {
			return h.Div(h.Dt(g.Text(p.Label+":")), sp, h.Dd(g.Text(p.Value)))
		}))),
	)
}

func tracksNode(v *sheetView) g.Node {
	return h.Section(h.Class("tracks box"),
		h.H2(g.Text("Health & Stamina")),
		g.If(v.Mundane != "", h.P(g.Text(v.Mundane))),
		g.Map(v.Tracks, func(t track) g.Node {
			return h.Div(h.Class("track"),
				h.Div(h.Class("track-head"),
					h.Span(h.Class("track-title"), g.Text(t.Title)),
					g.If(t.Max != 0, g.Group{sp, h.Span(h.Class("max"), num(t.Max))}),
					g.Map(t.Stats, func(s pair) g.Node {
						return g.Group{sp, h.Span(h.Class("stat"), label(s.Label), sp, h.B(g.Text(s.Value)))}
					}),
				),
				g.If(len(t.Boxes) > 0, h.Div(h.Class("boxes "+t.Size), g.Map(t.Boxes, tickNode))),
				g.If(t.Note != "", h.P(h.Class("small"), g.Text(t.Note))),
			)
		}),
		h.P(h.Class("legend"),
			g.Text("Cross off one box per point of damage, from the top; the first box left is the current value. "),
			h.Span(h.Class("tick z-dazed")),
			g.Text(" at or below the battered or dazed value, "),
			h.Span(h.Class("tick z-stunned")),
			g.Text(" at or below the stunned value; all crossed: stamina 0 is unconscious, health 0 death's door (pp. 37-38)."),
		),
	)
}

func tickNode(b box) g.Node {
	class := "tick"
	if b.Zone != "" {
		class += " z-" + b.Zone
	}
	if b.Edge != "" {
		class += " edge"
	}
	if b.Taken {
		class += " taken"
	}
	return h.Span(h.Class(class), num(b.N))
}

func attacksNode(v *sheetView) g.Node {
	return h.Section(h.Class("attacks box"),
		h.H2(g.Text("Attacks")),
		h.Table(
			h.THead(h.Tr(
				h.Th(g.Text("Attack")), h.Th(h.Class("c"), g.Text("Strike class")), h.Th(g.Text("Health")),
				h.Th(g.Text("Stamina")), h.Th(h.Class("c"), g.Text("Panels")), h.Th(h.Class("notes-col"), g.Text("Notes")),
			)),
			h.TBody(g.Map(v.Attacks, func(a attackRow) g.Node {
				return g.Group{
					h.Tr(
						// The name, and the slug one types (--with) when
						// it is not the name's own spelling.
						h.Td(h.Class("name"), g.Text(a.Name), g.If(SlugDiffers(a.Name, a.Slug), g.Group{sp, h.Span(h.Class("slug"), g.Text("("+a.Slug+")"))})),
						h.Td(h.Class("c"), num(a.StrikeClass)),
						h.Td(g.Text(a.Health)),
						h.Td(g.Text(a.Stamina)),
						h.Td(h.Class("c"), g.Text(a.Panels)),
						h.Td(h.Class("notes-col"), g.Text(a.Notes)),
					),
					g.If(a.Notes != "", h.Tr(h.Class("notes-row"), h.Td(h.ColSpan("5"), g.Text(a.Notes)))),
				}
			})),
		),
		g.If(v.Parries != "", h.P(h.Class("small"), h.B(g.Text("Parries:")), sp, g.Text(v.Parries))),
	)
}

// listsNode is the powers and perks beside the equipment.
func listsNode(v *sheetView) g.Node {
	none := "none"
	if v.Continued {
		none = "on the sheet"
	}
	return h.Div(h.Class("row"),
		h.Section(h.Class("powers box"),
			h.H2(g.Text("Powers & Perks")),
			h.Ul(h.Class("entries"),
				g.Map(v.Powers, func(e entry) g.Node {
					return h.Li(h.Span(h.Class("ename"), g.Text(e.Name)),
						g.If(e.Detail != "", g.Text(": "+e.Detail)),
						g.If(e.Sub != "", h.Span(h.Class("sub"), g.Text(e.Sub))))
				}),
				g.Map(v.Perks, func(e entry) g.Node {
					return h.Li(label("Perk"), sp, h.Span(h.Class("ename"), g.Text(e.Name)),
						g.If(e.Detail != "", g.Text(": "+e.Detail)))
				}),
				g.If(len(v.Powers)+len(v.Perks) == 0, h.Li(h.Class("small"), g.Text(none))),
			),
		),
		h.Section(h.Class("equipment box"),
			h.H2(g.Text("Equipment")),
			h.Ul(h.Class("entries"),
				g.Map(v.Equipment, func(e entry) g.Node {
					return h.Li(h.Span(h.Class("ename"), g.Text(e.Name)),
						g.If(e.Sub != "", g.Text(" ("+e.Sub+")")),
						g.If(e.Detail != "", g.Text(": "+e.Detail)))
				}),
				g.If(len(v.Equipment) == 0, h.Li(h.Class("small"), g.Text(none))),
			),
		),
	)
}

func profileNode(v *sheetView) g.Node {
	return h.Section(h.Class("profile box"),
		h.H2(g.Text("Personal Profile")),
		h.Div(h.Class("cats"), g.Map(v.Profile, func(c category) g.Node {
			return h.Div(h.Class("cat"),
				h.H3(
					h.Span(g.Text(c.Name), g.If(c.Note != "", g.Group{sp, h.Span(h.Class("small"), g.Text("("+c.Note+")"))})),
					sp,
					h.Span(h.Class("big"), num(c.Value)),
				),
				h.Dl(g.Map(c.Measures, func(m pair) g.Node { return h.Div(h.Dt(g.Text(m.Label)), h.Dd(g.Text(m.Value))) })),
			)
		})),
		h.Dl(h.Class("points"), g.Map(v.Points, func(p pair) g.Node { return h.Div(h.Dt(g.Text(p.Label)), h.Dd(g.Text(p.Value))) })),
	)
}

// reportNode is the fight report's body.
func reportNode(v *reportView) g.Node {
	key := func(class string) g.Node {
		return h.SVG(h.Class("key"), h.Width("28"), h.Height("10"), h.Aria("hidden", "true"),
			g.El("line", g.Attr("x1", "0"), g.Attr("y1", "5"), g.Attr("x2", "28"), g.Attr("y2", "5"), h.Class(class)))
	}
	return h.Main(h.Class("fight"),
		h.Header(h.Class("fight-head"),
			h.Span(h.Class("brand"), g.Text("Codename: Spandex · fight report")),
			h.H1(g.Text(v.Name)),
			h.P(g.Text(v.Status)),
		),
		h.Section(h.Class("charts"),
			h.H2(g.Text("Health and stamina, page by page")),
			h.P(h.Class("legend"), key("health"), g.Text(" health "), key("stamina"),
				g.Text(" stamina; B battered, D dazed; each point is the value at the end of a page.")),
			h.Div(h.Class("chart-grid"), g.Map(v.Charts, chartNode)),
		),
		g.Map(v.Pages, func(p pageView) g.Node {
			return h.Section(h.Class("pg"),
				h.H2(g.Text(p.Title)),
				g.If(p.Initiative != "", h.P(h.B(g.Text("Initiative:")), sp, g.Text(p.Initiative))),
				h.P(h.B(g.Text("Acted:")), sp, g.Text(p.Acted)),
				g.If(len(p.Conditions) > 0, h.P(h.B(g.Text("Conditions:")), sp, joined(p.Conditions, "; "))),
				h.Ol(h.Class("events"), g.Map(p.Events, eventNode)),
			)
		}),
	)
}

func chartNode(c chartView) g.Node {
	return h.Figure(h.Class("chart"),
		h.FigCaption(h.B(g.Text(c.Name)), sp, h.Span(h.Class("small"), g.Text("("+c.ID+", "+c.Side+", "+c.Kind+") now "+c.Condition))),
		g.If(!c.Mundane, h.SVG(
			g.Attr("viewBox", "0 0 "+strconv.Itoa(c.W)+" "+strconv.Itoa(c.H)), h.Width("100%"), h.Role("img"),
			h.Aria("label", c.Name+": "+c.Summary),
			g.Map(c.Lines, func(l hline) g.Node {
				return g.Group{
					g.El("line", g.Attr("x1", strconv.Itoa(c.Left)), g.Attr("x2", strconv.Itoa(c.W-c.Right)),
						g.Attr("y1", f1(l.Y)), g.Attr("y2", f1(l.Y)), h.Class(l.Class)),
					g.El("text", g.Attr("x", strconv.Itoa(c.Left-3)), g.Attr("y", f1(l.Y)), h.Class("ylabel"), g.Text(l.Label)),
				}
			}),
			g.Map(c.Ticks, func(t tick) g.Node {
				return g.El("text", g.Attr("x", f1(t.X)), g.Attr("y", strconv.Itoa(c.H-5)), h.Class("xlabel"), g.Text(t.Text))
			}),
			g.El("polyline", g.Attr("points", c.HealthPts), h.Class("health")),
			g.If(c.StaminaPts != "", g.El("polyline", g.Attr("points", c.StaminaPts), h.Class("stamina"))),
		)),
		h.P(h.Class("small"), g.Text(c.Summary)),
	)
}

// eventNode is one event of the report; one an undo took back is struck
// through (<del>, its dice and steps by the stylesheet) and says which
// undo did it.
func eventNode(e eventView) g.Node {
	class := "ev ev-" + e.Kind
	var summary g.Node = g.Text(e.Summary)
	if e.UndoneBy != 0 {
		class += " undone"
		summary = g.Group{h.Del(g.Text(e.Summary)), sp,
			h.Span(h.Class("undone-by"), g.Textf("(undone by %d)", e.UndoneBy))}
	}
	return h.Li(h.Class(class), h.Value(strconv.Itoa(e.Seq)),
		h.Span(h.Class("phase"), g.Text(e.Phase)), sp, summary,
		g.If(e.Dice != "", h.Div(h.Class("dice"), g.Text("dice: "+e.Dice))),
		g.If(len(e.Steps) > 0, h.Ol(h.Class("steps"), g.Map(e.Steps, func(s stepView) g.Node {
			return h.Li(h.Span(h.Class("rule"), g.Text(s.Rule)), sp, g.Text(s.Text),
				g.If(s.Ref != "", g.Group{sp, h.Span(h.Class("ref"), g.Text("["+s.Ref+"]"))}),
				g.If(s.Page != "", g.Group{sp, h.Span(h.Class("bookpage"), g.Text("("+s.Page+")"))}),
			)
		}))),
	)
}
