package cmdutil

// ExitStatusDoc documents one exit status.
type ExitStatusDoc struct {
	Code    int
	Meaning string
}

// ExitStatuses documents every status spandex exits with (ExitCode's,
// and the signal handler's 128+signal). It is the one
// source of the EXIT STATUS section of the man pages, docs/cli.md and
// `spandex help exit-codes`.
var ExitStatuses = []ExitStatusDoc{
	{ExitOK, "Success. Also when whatever reads stdout stops early (a closed pipe, as with `| head`)."},
	{ExitError, "An error that is not the input's fault: reading or writing a file, the system, or a bug (reported as \"internal error: ...\"). One line on stderr says what failed; nothing is written on stdout."},
	{ExitUsage, "Bad input: an unknown command or flag, a bad flag value or argument, a hero or encounter file that does not validate, a --dice list that does not fit, a rule refusing the request, a config file or SPANDEX_* value that is refused. One line on stderr names the flag, JSON path or token; nothing is written on stdout or disk."},
	{130, "Stopped by SIGINT (Ctrl-C): a file being rewritten in place is left as it was, its temporary file removed."},
	{143, "Stopped by SIGTERM: as for SIGINT, no file was changed."},
}
