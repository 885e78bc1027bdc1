package render

// SplitDocs lets the package's external tests (the browser tests) split
// fixture files as its own tests do.
var SplitDocs = splitDocs
