package jsonpatch

// seq is an array held, while a patch is applied, as an implicit treap:
// a binary tree ordered by position whose nodes carry random priorities,
// so that reading, replacing, inserting and removing at any index take
// time logarithmic in its length (expected), whatever the indexes. A
// patch of 100,000 inserts at the front of an array is then 100,000
// short walks, where moving the elements would be quadratic.
type seq struct{ root *node }

type node struct {
	v    any
	pri  uint64
	size int
	l, r *node
}

func size(n *node) int {
	if n == nil {
		return 0
	}
	return n.size
}

func (n *node) fix() { n.size = 1 + size(n.l) + size(n.r) }

// next is the applier's next priority (xorshift64): the input chooses
// indexes, never priorities, so no patch can unbalance a tree.
func (a *applier) next() uint64 {
	a.rand ^= a.rand << 13
	a.rand ^= a.rand >> 7
	a.rand ^= a.rand << 17
	return a.rand
}

// newSeq builds a tree of the elements of c in linear time (priorities
// are put in heap order along the right spine, as a Cartesian tree).
func (a *applier) newSeq(c []any) *seq {
	var spine []*node
	for _, v := range c {
		n := &node{v: v, pri: a.next(), size: 1}
		var lastPopped *node
		for len(spine) > 0 && spine[len(spine)-1].pri < n.pri {
			lastPopped = spine[len(spine)-1]
			spine = spine[:len(spine)-1]
		}
		n.l = lastPopped
		if len(spine) > 0 {
			spine[len(spine)-1].r = n
		}
		spine = append(spine, n)
	}
	if len(spine) == 0 {
		return &seq{}
	}
	root := spine[0]
	fixSizes(root)
	return &seq{root: root}
}

// fixSizes sets every node's size below n, children first, without
// recursion (a tree built from input is shallow only in expectation).
func fixSizes(root *node) {
	var order []*node
	stack := []*node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, n)
		if n.l != nil {
			stack = append(stack, n.l)
		}
		if n.r != nil {
			stack = append(stack, n.r)
		}
	}
	for i := len(order) - 1; i >= 0; i-- {
		order[i].fix()
	}
}

func (s *seq) len() int { return size(s.root) }

// at returns the node at index i (0 <= i < len).
func (s *seq) at(i int) *node {
	n := s.root
	for {
		switch l := size(n.l); {
		case i < l:
			n = n.l
		case i == l:
			return n
		default:
			i -= l + 1
			n = n.r
		}
	}
}

// split cuts n into its first k elements and the rest.
func split(n *node, k int) (*node, *node) {
	if n == nil {
		return nil, nil
	}
	if size(n.l) >= k {
		l, r := split(n.l, k)
		n.l = r
		n.fix()
		return l, n
	}
	l, r := split(n.r, k-size(n.l)-1)
	n.r = l
	n.fix()
	return n, r
}

// merge joins a and b, every element of a before b's.
func merge(a, b *node) *node {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case a.pri > b.pri:
		a.r = merge(a.r, b)
		a.fix()
		return a
	}
	b.l = merge(a, b.l)
	b.fix()
	return b
}

func (s *seq) insert(i int, n *node) {
	l, r := split(s.root, i)
	s.root = merge(merge(l, n), r)
}

func (s *seq) remove(i int) {
	l, r := split(s.root, i)
	_, r = split(r, 1)
	s.root = merge(l, r)
}

// slice is the elements in order.
func (s *seq) slice() []any {
	out := make([]any, 0, s.len())
	var stack []*node
	n := s.root
	for n != nil || len(stack) > 0 {
		for n != nil {
			stack = append(stack, n)
			n = n.l
		}
		n = stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		out = append(out, n.v)
		n = n.r
	}
	return out
}

// flatten turns every seq below v back into a slice.
func flatten(v any) any {
	switch c := v.(type) {
	case *seq:
		return flatten(c.slice())
	case []any:
		for i := range c {
			c[i] = flatten(c[i])
		}
	case *Object:
		for k, x := range c.m {
			c.m[k] = flatten(x)
		}
	}
	return v
}
