// Package price does atelier's cost arithmetic from the rates the person
// sets (the service publishes none): the [prices] and [budget] tables of
// config.toml, the cost of a reply, an image job or a video task from what
// it used, estimates before a run, and the budget's verdict.
//
// With no rate for a model, every function returns nil: nothing pretends
// to know a cost, and nil is not zero.
package price
