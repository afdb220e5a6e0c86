package tab

import (
	"encoding/json"

	"atelier/store"
)

// RerunMsg asks a tab to take up a past run again, prefilled and ready to
// send: the History tab sends it when the person presses r on an item.
// The shell shows tab To and delivers the message to it (a ShownMsg comes
// first). The tab fills its form with the run and waits: nothing is sent
// until the person sends it, so a run can be changed first.
//
// Which fields are set depends on Kind:
//
//   - chat (To Chat): Family, Model, SettingsJSON of the conversation's last
//     reply; Prompt is the last prompt; BodyJSON is that reply's native
//     request as it was sent (store.Call.RequestJSON), nil if none was kept.
//   - compare (To Compare): Prompt is the last prompt; Targets holds one
//     entry per lane of that turn, in lane order. Family and Model are the
//     first lane's.
//   - image (To Image): Model, Prompt, SettingsJSON (store.ImageJob's),
//     Endpoint (store.ImageGenerate or store.ImageEdit), and for an edit
//     Images and Mask: absolute paths of the files it started from, which
//     are under the media folder and may be read as they are.
//   - video (To Video): Family, Endpoint (the path after /queue/qv/, e.g.
//     videob/o3/pro/image-to-video), Prompt and BodyJSON (the submitted
//     body, every field of the endpoint's form).
//
// The JSON fields are copies the receiver may keep. A field that does not
// parse, or a value the tab's form no longer offers, should be reported in
// the status bar and left out, never fatal.
type RerunMsg struct {
	To           ID         // Chat, Compare, Image or Video
	Kind         store.Kind // what the run was
	ID           int64      // the item in the store: conversation, image job or video task id
	Family       string
	Model        string
	Prompt       string
	SettingsJSON json.RawMessage
	Endpoint     string
	BodyJSON     json.RawMessage
	Targets      []RerunTarget // compare: one per lane
	Images       []string      // image edits: the input images, absolute paths, in order
	Mask         string        // image edits: the mask, an absolute path; empty if none
	// Blind asks Compare (or Image's side-by-side run) to hide the targets
	// as A, B… and take a vote: the Arena's "run the next comparison" and a
	// batch cell sent to Compare blind set it. It only ever turns blindness
	// on; false leaves the tab's own default (Settings' [arena] blind).
	Blind bool
	// Keep asks Compare to add this comparison beside the person's own,
	// not in their place: the next run is this one, and their targets and
	// prompt come back once it starts (the Arena's).
	Keep bool
}

// RerunTarget is one lane of a comparison to run again.
type RerunTarget struct {
	Family       string
	Model        string
	SettingsJSON json.RawMessage
}

// ShownMsg is sent by the shell to a tab each time it becomes the active
// tab, so a screen can refresh what others may have changed meanwhile (the
// History tab reloads its list: a chat sent since shows up).
type ShownMsg struct{}
