package tab

// RedrawMsg is sent by the shell to every tab right after it called their
// SetSize or SetDark, which cannot return commands. A screen that draws in
// frames (the streaming markdown view) starts the frame its new size or
// styles need here; a screen that draws at once ignores it.
type RedrawMsg struct{}
