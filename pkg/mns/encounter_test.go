package mns

import (
	"errors"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
)

const combatantsDoc = `{"schema":1,"combatants":[
 {"id":"lariat","name":"Lariat","side":"heroes","attack":6,"defense":5,"combat_roll":10,"pool":2,"vp":40,"dp":12,"ignore_damage":1,"skin_temper":1,"agility":6,"strength":4,"perception":12,"learning":5,"weapons":[]},
 {"id":"gunman","name":"Gunman","side":"thugs","attack":4,"defense":2,"combat_roll":9,"pool":0,"vp":20,"dp":8,"ignore_damage":0,"skin_temper":1,"agility":3,"strength":3,"perception":8,"learning":3,"weapons":[]},
 {"id":"brute","name":"Brute","side":"thugs","attack":3,"defense":1,"combat_roll":9,"pool":-2,"vp":30,"dp":10,"ignore_damage":3,"skin_temper":1,"agility":3,"strength":7,"perception":7,"learning":2,"weapons":[{"name":"club","type":"close","time":12,"damage":"d6+1"}]}
]}`

func newFight(t testing.TB) *Encounter {
	t.Helper()
	f, err := DecodeCombatants([]byte(combatantsDoc))
	if err != nil {
		t.Fatal(err)
	}
	e, err := New("test", f.Combatants)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func scripted(ch *Charts, faces ...int) (Ctx, *dice.Scripted) {
	s := dice.NewScripted(faces)
	return Ctx{Roller: dice.NewRecorder(s), Charts: ch}, s
}

// The handgun started on segment 12 lands on segment 32, at 17 m it is
// +5 Defense, and its landing is logged when the clock passes 32.
func TestHandgunWorkedExample(t *testing.T) {
	e := newFight(t)
	ch := synthetic(t)
	if err := e.Advance(12); err != nil {
		t.Fatal(err)
	}
	// combat roll 3+4 = 7 under 9 + Sphere(0) = 9: Q 2; hits 4 vs 2+5? no:
	// attack 4 vs defense 5 + 5 range = 10 misses; no damage die.
	ctx, s := scripted(ch, 3, 4)
	st, err := e.Start(ctx, Start{Actor: "gunman", Kind: "attack", Target: "lariat", Weapon: "handgun", Distance: 17})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	if st.Action.Started != 12 || st.Action.Lands != 32 {
		t.Errorf("handgun on 12 lands on %d, want 32", st.Action.Lands)
	}
	if st.Roll.RangeSets != 5 || st.Roll.RangeBonus != 5 || st.Roll.Defense != 10 || st.Roll.Hit || st.Roll.Q != 2 {
		t.Errorf("roll = %+v", st.Roll)
	}
	next := e.WhatNext()
	if next.Segment != 12 || next.Who[0].ID != "lariat" {
		t.Errorf("next = %+v (idle lariat is ready now, ahead on agility)", next.Who)
	}
	if err := e.Advance(40); err != nil {
		t.Fatal(err)
	}
	last := e.Log[len(e.Log)-1]
	if last.Kind != "land" || last.Segment != 32 || !strings.Contains(last.Summary, "misses lariat") {
		t.Errorf("landing = %+v", last)
	}
	if e.Find("gunman").Action != nil || e.Find("gunman").ReadyAt != 32 {
		t.Error("after landing gunman is idle from 32")
	}
}

// At 98 m the handgun is +13 Defense (32 sets) and -6 Damage.
func TestHandgunAt98(t *testing.T) {
	e := newFight(t)
	ch := synthetic(t)
	// A big attack so it hits: Q 2+9 on attack.
	e.Find("gunman").Fighter.Attack = 30
	ctx, s := scripted(ch, 1, 1, 6) // Q 7, hit, d6 6
	st, err := e.Start(ctx, Start{Actor: "gunman", Kind: "attack", Target: "lariat", Weapon: "handgun", Distance: 98, Spend: Spend{Damage: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	r := st.Roll
	if r.RangeSets != 32 || r.RangeBonus != 13 || r.BeyondMax != 6 || r.Defense != 18 || !r.Hit || r.Damage != 2 {
		t.Errorf("roll = %+v (6 + 2 Q - 6 = 2 damage)", r)
	}
}

// Lariat is surprised for 8, reduces it by 5: she may act on segment 3
// with a penalty of 5 and a Perception save at -5 after the action.
func TestSurpriseWorkedExample(t *testing.T) {
	e := newFight(t)
	segs := 8
	ctx, _ := scripted(nil)
	sp, err := e.Surprise(ctx, SurpriseRequest{On: "lariat", Segments: &segs, Reduce: 5})
	if err != nil {
		t.Fatal(err)
	}
	if sp.Until != 3 || sp.Penalty != 5 {
		t.Errorf("surprise = %+v", sp)
	}
	ch := synthetic(t)
	if due, state := e.Find("lariat").Due(0); due != 3 || state != "surprised" {
		t.Errorf("a surprised character is due on %d (%s), want 3", due, state)
	}
	// Nobody else acts; the clock moves to 3. Combat roll 2+2 = 4 under
	// 10 + Sphere(2) = 12, less 5: Q 3. Then the save: 12-5 = 7, rolled 3+3.
	if err := e.Advance(3); err != nil {
		t.Fatal(err)
	}
	ctx, s := scripted(ch, 2, 2, 3, 3)
	st, err := e.Start(ctx, Start{Actor: "lariat", Kind: "attack", Target: "gunman", Weapon: "fist"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	if st.Segment != 3 || st.Roll.Penalty != 5 || st.Roll.Q != 3 || st.Save == nil || !st.Save.Success || st.Penalty != 0 {
		t.Errorf("started = %+v, roll %+v, save %+v", st, st.Roll, st.Save)
	}
}

func TestRestReducesPenalty(t *testing.T) {
	e := newFight(t)
	segs := 8
	ctx, _ := scripted(nil)
	if _, err := e.Surprise(ctx, SurpriseRequest{On: "lariat", Segments: &segs, Reduce: 5}); err != nil {
		t.Fatal(err)
	}
	// Idle from 3 to 9: 6 segments of rest take 3 off the penalty of 5.
	if err := e.Advance(9); err != nil {
		t.Fatal(err)
	}
	ctx, _ = scripted(nil, 6, 6) // save at 12-2 = 10: 12 fails
	st, err := e.Start(ctx, Start{Actor: "lariat", Kind: "move", Time: 5})
	if err != nil {
		t.Fatal(err)
	}
	if st.Rested != 3 || st.Save.Penalty != 2 || st.Save.Success || st.Penalty != 2 {
		t.Errorf("started = %+v save %+v", st, st.Save)
	}
}

// The next action on 35 is pushed back by 15 VP, 3 ignored and 25 VP with
// 3 DP: 9 points, 8 segments on the (synthetic) Sphere Chart: segment 43.
func TestPushbackWorkedExampleOnTheClock(t *testing.T) {
	e := newFight(t)
	ch := synthetic(t)
	c := e.Find("lariat")
	c.Fighter.IgnoreDamage = 0
	ctx, _ := scripted(ch)
	if _, err := e.Start(ctx, Start{Actor: "lariat", Kind: "other", Name: "wait", Time: 35}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Damage(ctx, DamageRequest{On: "lariat", Amount: 15}); err != nil {
		t.Fatal(err)
	}
	c.Fighter.IgnoreDamage = 3
	if _, err := e.Damage(ctx, DamageRequest{On: "lariat", Amount: 3}); err != nil {
		t.Fatal(err)
	}
	c.Fighter.IgnoreDamage = 0
	if _, err := e.Damage(ctx, DamageRequest{On: "lariat", Amount: 28}); err != nil {
		t.Fatal(err)
	}
	if c.Pushback != 9 || c.Action.Lands != 43 || c.VP != 0 || c.DP != 9 {
		t.Errorf("pushback %d lands %d VP %d DP %d, want 9, 43, 0, 9", c.Pushback, c.Action.Lands, c.VP, c.DP)
	}
	// Without charts, the verb asks for the Sphere Chart value.
	e2 := newFight(t)
	_, err := e2.Damage(Ctx{}, DamageRequest{On: "lariat", Amount: 15})
	var need *NeedChartError
	if !errors.As(err, &need) || need.Flag != "--pushback-segments N" {
		t.Errorf("no charts: %v", err)
	}
	n := 1
	if d, err := e2.Damage(Ctx{}, DamageRequest{On: "lariat", Amount: 15, PushbackSegments: &n}); err != nil || d.Delay != 1 {
		t.Errorf("looked up by hand: %+v %v", d, err)
	}
}

func TestPileOrderAndTies(t *testing.T) {
	e := newFight(t)
	ch := synthetic(t)
	// brute (agility 3) and gunman (agility 3) both land on 12; lariat
	// (agility 6) too: lariat first, then gunman (listed before brute).
	for _, id := range []string{"brute", "gunman", "lariat"} {
		ctx, _ := scripted(ch)
		if _, err := e.Start(ctx, Start{Actor: id, Kind: "move", Time: 12}); err != nil {
			t.Fatal(err)
		}
	}
	got := []string{}
	for _, p := range e.Pile() {
		got = append(got, p.ID)
	}
	if strings.Join(got, ",") != "lariat,gunman,brute" {
		t.Errorf("pile = %v", got)
	}
	// Acting for gunman lands all three on 12, in pile order.
	ctx, _ := scripted(ch)
	if _, err := e.Start(ctx, Start{Actor: "gunman", Kind: "move", Time: 5}); err != nil {
		t.Fatal(err)
	}
	var landed []string
	for _, ev := range e.Log {
		if ev.Kind == "land" {
			landed = append(landed, ev.Actor)
		}
	}
	if strings.Join(landed, ",") != "lariat,gunman,brute" {
		t.Errorf("landed = %v", landed)
	}
	// Someone due later cannot jump the queue.
	ctx, _ = scripted(ch)
	if _, err := e.Start(ctx, Start{Actor: "gunman", Kind: "move", Time: 5}); err != nil {
		t.Fatal(err) // gunman lands 17, starts again on 17
	}
}

func TestCannotJumpThePile(t *testing.T) {
	e := newFight(t)
	ctx, _ := scripted(nil)
	if _, err := e.Start(ctx, Start{Actor: "gunman", Kind: "move", Time: 5}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Start(ctx, Start{Actor: "brute", Kind: "move", Time: 20}); err != nil {
		t.Fatal(err)
	}
	// brute is due on 20, gunman's move lands on 5 first.
	_, err := e.Start(ctx, Start{Actor: "brute", Kind: "move", Time: 5})
	if err == nil || !strings.Contains(err.Error(), "act for gunman first") {
		t.Errorf("err = %v", err)
	}
}

func TestPaymentsAndEffects(t *testing.T) {
	e := newFight(t)
	ctx, _ := scripted(nil)
	if _, err := e.Start(ctx, Start{Actor: "lariat", Kind: "other", Name: "power shield", Time: 3, Effect: "power shield"}); err != nil {
		t.Fatal(err)
	}
	if err := e.EndRound(); err != nil {
		t.Fatal(err)
	}
	if err := e.EndRound(); err != nil {
		t.Fatal(err)
	}
	var pays []Event
	for _, ev := range e.Log {
		if ev.Kind == "payment" {
			pays = append(pays, ev)
		}
	}
	if len(pays) != 2 || pays[0].Segment != 50 || pays[1].Segment != 100 || !strings.Contains(pays[0].Summary, "lariat's power shield") {
		t.Errorf("payments = %+v", pays)
	}
	if e.Segment != 100 {
		t.Errorf("segment %d", e.Segment)
	}
	if err := e.Advance(99); err == nil {
		t.Error("the clock went backwards")
	}
}

func TestCarefulAttack(t *testing.T) {
	e := newFight(t)
	ch := synthetic(t)
	// Lariat: agility 6, learning 5: careful up to 5. Delay 4: Doubles(4) = 2.
	ctx, _ := scripted(ch, 1, 1) // Q 10; attack 6+2 = 8 vs 2: hit; fist damage "1" rolls no die
	st, err := e.Start(ctx, Start{Actor: "lariat", Kind: "attack", Target: "gunman", Weapon: "fist", Careful: 4})
	if err != nil {
		t.Fatal(err)
	}
	if st.Action.Lands != 14 || st.Action.CarefulFrom != 10 || st.Roll.CarefulBonus != 2 || st.Roll.Attack != 8 {
		t.Errorf("careful = %+v %+v", st.Action, st.Roll)
	}
	if _, err := e.Start(ctx, Start{Actor: "lariat", Kind: "attack", Target: "gunman", Weapon: "fist", Careful: 6}); err == nil {
		t.Error("careful beyond learning accepted")
	}
	// Hurt on 11, between 10 and 14: the attack is lost.
	if err := e.Advance(11); err != nil {
		t.Fatal(err)
	}
	d, err := e.Damage(Ctx{Charts: ch}, DamageRequest{On: "lariat", Amount: 5})
	if err != nil {
		t.Fatal(err)
	}
	if !d.CarefulLost || !e.Find("lariat").Action.Lost {
		t.Error("the careful attack was not lost")
	}
}

func TestHurriedAttackPenalty(t *testing.T) {
	e := newFight(t)
	ch := synthetic(t)
	// Gunman attack 4, fist 10 hurried 7: lands on 3, attack 0, penalty 3.
	ctx, _ := scripted(ch, 5, 4) // 9 under 9: Q 0
	st, err := e.Start(ctx, Start{Actor: "gunman", Kind: "attack", Target: "lariat", Weapon: "fist", Hurry: 7})
	if err != nil {
		t.Fatal(err)
	}
	if st.Action.Lands != 3 || st.Roll.Attack != 0 || st.Penalty != 3 {
		t.Errorf("hurried = %+v %+v", st.Action, st.Roll)
	}
}

func TestStunAndIllusory(t *testing.T) {
	e := newFight(t)
	ch := synthetic(t)
	// Gunman: 20 VP, 8 DP; Square(8) = 1, so no stun bonus. 25 deadly
	// stun: 20 VP, 5 past: 10 segments, 1 DP.
	d, err := e.Damage(Ctx{Charts: ch}, DamageRequest{On: "gunman", Amount: 25, Kind: Stun, Deadly: true})
	if err != nil {
		t.Fatal(err)
	}
	g := e.Find("gunman")
	if d.StunnedUntil != 10 || g.VP != 0 || g.DP != 7 {
		t.Errorf("stun: %+v VP %d DP %d", d, g.VP, g.DP)
	}
	if _, err := e.Damage(Ctx{}, DamageRequest{On: "lariat", Amount: 5, Kind: Stun}); err == nil || !strings.Contains(err.Error(), "Square Chart") {
		t.Errorf("stun without charts: %v", err)
	}
	// 23 illusory on lariat (ignore 1): 22 VP; disbelieved: 3 stays.
	if _, err := e.Damage(Ctx{Charts: ch}, DamageRequest{On: "lariat", Amount: 23, Kind: Illusory}); err != nil {
		t.Fatal(err)
	}
	db, err := e.Disbelieve("lariat")
	if err != nil {
		t.Fatal(err)
	}
	if db.Stays != 3 || db.BackVP != 19 || e.Find("lariat").VP != 37 {
		t.Errorf("disbelieve = %+v", db)
	}
}

func TestDecodeCombatantsErrors(t *testing.T) {
	cases := []struct{ doc, path string }{
		{`{"combatants":[]}`, "$.schema"},
		{`{"schema":1,"combatants":[]}`, "$.combatants"},
		{`{"schema":1,"combatants":[{"id":"A"}]}`, "$.combatants[0].id"},
		{`{"schema":1,"combatants":[{"id":"a","vp":-1}]}`, "$.combatants[0].vp"},
		{`{"schema":1,"combatants":[{"id":"a","hp":3}]}`, "$.combatants[0].hp"},
		{`{"schema":1,"combatants":[{"id":"a"},{"id":"a"}]}`, "$.combatants[1].id"},
		{`{"schema":1,"combatants":[{"id":"a","weapons":[{"name":"gun","type":"gun","time":1,"damage":"1"}]}]}`, "$.combatants[0].weapons[0].type"},
	}
	for _, c := range cases {
		_, err := DecodeCombatants([]byte(c.doc))
		if err == nil || !strings.HasPrefix(err.Error(), c.path+":") {
			t.Errorf("%s: %v, want %s", c.doc, err, c.path)
		}
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	e := newFight(t)
	ctx, _ := scripted(synthetic(t), 3, 4)
	if _, err := e.Start(ctx, Start{Actor: "gunman", Kind: "attack", Target: "lariat", Weapon: "handgun", Distance: 17}); err != nil {
		t.Fatal(err)
	}
	data, err := Encode(e)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Encode(back)
	if string(again) != string(data) {
		t.Error("encode/decode is not stable")
	}
	bad := strings.Replace(string(data), `"segment": 0,`, `"segment": 40,`, 1)
	if _, err := Decode([]byte(bad)); err == nil || !strings.Contains(err.Error(), "action.lands") {
		t.Errorf("an action landing in the past: %v", err)
	}
}

func TestThrowback(t *testing.T) {
	ch := synthetic(t)
	e := newFight(t)
	g := e.Find("gunman")
	g.Fighter.Throwback = 12
	// A VP-only hit on someone not surprised cannot throw.
	ctx, _ := scripted(ch, 5, 5)
	if _, err := e.Damage(ctx, DamageRequest{On: "gunman", Amount: 5, Throwback: true}); err == nil || !strings.Contains(err.Error(), "only a hit for DP") {
		t.Errorf("VP-only hit: %v", err)
	}
	// 22 damage on 20 VP: 2 DP lost. Target 12 - 22 + Sphere(strength 3) 3 = -7;
	// rolled 5+5 = 10: failed by 17: Action Chart result 10..19 -> 4 m.
	e = newFight(t)
	e.Find("gunman").Fighter.Throwback = 12
	ctx, s := scripted(ch, 5, 5)
	d, err := e.Damage(ctx, DamageRequest{On: "gunman", Amount: 22, Throwback: true, PushbackSegments: new(int)})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	tb := d.Thrown
	if tb == nil || tb.Ability != "strength" || tb.Bonus != 3 || tb.Target != -7 || tb.FailedBy != 17 || tb.Meters != 4 {
		t.Errorf("throwback = %+v", tb)
	}
	// Surprised and hit for DP: half strength (3/2 = 1, Sphere 1).
	e = newFight(t)
	e.Find("gunman").Fighter.Throwback = 30
	segs := 5
	if _, err := e.Surprise(Ctx{}, SurpriseRequest{On: "gunman", Segments: &segs}); err != nil {
		t.Fatal(err)
	}
	ctx, _ = scripted(ch, 1, 1)
	d, err = e.Damage(ctx, DamageRequest{On: "gunman", Amount: 22, Throwback: true, PushbackSegments: new(int)})
	if err != nil {
		t.Fatal(err)
	}
	if tb := d.Thrown; tb.Ability != "half strength" || tb.Bonus != 1 || tb.Target != 9 || tb.FailedBy != 0 {
		t.Errorf("surprised throwback = %+v", tb)
	}
	// Without the Action Chart the distance is asked for.
	e = newFight(t)
	three := 3
	ctx, _ = scripted(nil, 5, 5)
	_, err = e.Damage(ctx, DamageRequest{On: "gunman", Amount: 22, Throwback: true, PushbackSegments: new(int), ThrowbackBonus: &three})
	var need *NeedChartError
	if !errors.As(err, &need) || need.Chart != "Action Chart" || need.Flag != "--throwback-meters N" {
		t.Errorf("no Action Chart: %v", err)
	}
}
