-- 0014: alternatives and branches (issue 33): a chat is a tree.
--
-- parent_id is the message a message follows: a prompt follows the reply
-- (or prompt) before it, a reply its prompt, a reply continuing a paused
-- one that reply. Two replies with one parent are alternatives (ctrl+r
-- adds one); two prompts with one parent are branches (an edited prompt
-- sent again). NULL: the conversation's first prompt (each branch of it),
-- and the messages of a comparison, whose lanes say where they go.
--
-- shown_at is when the message was last on the path shown: among
-- siblings the one shown last is kept (the path a conversation opens on,
-- continues from, and exports name).
ALTER TABLE messages ADD COLUMN parent_id INTEGER REFERENCES messages (id) ON DELETE SET NULL;
ALTER TABLE messages ADD COLUMN shown_at INTEGER NOT NULL DEFAULT 0;

-- The conversations kept so far were shown as a line: an edited prompt
-- replaced the last prompt of its turn, a second reply the turn's replies,
-- and a reply after a paused one continued it. The same rule, on the
-- order messages were written in, gives each its parent; the newest of
-- each set of siblings was the one shown.
UPDATE messages AS m SET parent_id = (
  SELECT max(p.id) FROM messages p
   WHERE p.conversation_id = m.conversation_id AND p.turn < m.turn AND p.id < m.id
     AND p.role IN ('user', 'assistant'))
 WHERE m.role = 'user' AND m.lane = 0
   AND m.conversation_id IN (SELECT id FROM conversations WHERE kind = 'chat');

UPDATE messages AS m SET parent_id = (
  SELECT CASE WHEN q.role = 'user' THEN q.id
              WHEN q.stop_reason = 'pause_turn' AND q.status = 'complete' THEN q.id
              ELSE (SELECT max(u.id) FROM messages u WHERE u.conversation_id = m.conversation_id
                       AND u.turn = m.turn AND u.role = 'user' AND u.id < m.id) END
    FROM messages q
   WHERE q.conversation_id = m.conversation_id AND q.turn = m.turn AND q.id < m.id
     AND q.role IN ('user', 'assistant') AND q.lane = 0
   ORDER BY q.id DESC LIMIT 1)
 WHERE m.role = 'assistant' AND m.lane = 0
   AND m.conversation_id IN (SELECT id FROM conversations WHERE kind = 'chat');

UPDATE messages SET shown_at = created_at;

CREATE INDEX messages_parent ON messages (parent_id) WHERE parent_id IS NOT NULL;
