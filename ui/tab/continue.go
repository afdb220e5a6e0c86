package tab

import "atelier/client"

// ContinueChatMsg asks the Chat tab to take up one column of a comparison
// as a normal chat: the Compare tab sends it when the person presses c on a
// column. The shell shows the Chat tab and delivers the message to it.
//
// Turns are the conversation so far, ready to send with the next prompt:
// the comparison's prompt (Role "user"), then that column's reply (Role
// "assistant", with Native set to its native final reply and Family to its
// family, so thinking signatures and tool blocks go back exactly). Target
// is the column's family, model and settings, the system prompt included
// (Settings.System).
//
// ConversationID and Lane say where the turns come from: a conversation of
// kind compare (0 when the comparison was not recorded) and the column, from
// 0. The Chat tab starts a new chat conversation holding Turns; the
// comparison stays as it was. The Chat tab owns Turns and Target once sent.
type ContinueChatMsg struct {
	ConversationID int64
	Lane           int
	Turns          []client.ChatTurn
	Target         client.ChatTarget
}
