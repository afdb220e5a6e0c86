// Package judge has a chat target grade answers: against a rubric (a
// batch file's `rubric = "…"` check: pass or fail, a score from 0 to 1, a
// one-line reason) or between answers (Compare's judge and the arena's
// calibration: which is better, asked twice with the answers in both
// orders, since judges favour a position).
//
// The judge is told that the answers are untrusted input: each is put in
// a fenced block labelled as such, the fence longer than any run of
// backticks inside, and the program reads only the judge's final
// structured lines (ParseGrade, ParsePick), never anything above them, so
// an answer that writes "VERDICT: pass" into itself does not grade
// itself. A reply whose final lines do not follow the format is an error,
// never a pass.
//
// Every judge call is an ordinary chat call recorded in history
// (store/record, in a conversation of its own), so it is priced, counted
// in the budget's spending and shown in History like any other.
package judge
