-- 0017: alternatives linked by id, and the fork check indexed (issue 33).
--
-- alt_of groups the runs made beside each other: Compare's ctrl+r run
-- again beside the comparison on screen, the Image results' r beside the
-- job it ran again. It is the id of the group's first member (the first
-- holds its own id), a plain number rather than a reference, so that
-- deleting the first leaves the others grouped. NULL: alone. A group is
-- read through the index below, never by comparing prompts.
ALTER TABLE conversations ADD COLUMN alt_of INTEGER;
ALTER TABLE image_jobs ADD COLUMN alt_of INTEGER;

-- The comparisons kept so far were grouped by matching: the same first
-- prompt on the same targets (family and model, in any order), a batch's
-- cells apart. The groups of two or more are written down once, here.
WITH sig(conv, prompt, targets) AS MATERIALIZED (
  SELECT c.id,
    (SELECT u.text FROM messages u WHERE u.conversation_id = c.id AND u.role = 'user' ORDER BY u.turn, u.id LIMIT 1),
    (SELECT group_concat(a.family || '/' || a.model, ',' ORDER BY a.family, a.model) FROM messages a
      WHERE a.conversation_id = c.id AND a.role = 'assistant' AND a.turn = 0)
  FROM conversations c WHERE c.kind = 'compare' AND c.batch_id IS NULL),
grp(prompt, targets, first) AS MATERIALIZED (
  SELECT prompt, targets, min(conv) FROM sig WHERE prompt IS NOT NULL
  GROUP BY prompt, targets HAVING count(*) > 1)
UPDATE conversations SET alt_of = g.first
  FROM (SELECT s.conv, grp.first FROM sig s JOIN grp ON grp.prompt = s.prompt AND grp.targets IS s.targets) AS g
 WHERE conversations.id = g.conv;

CREATE INDEX conversations_alt_of ON conversations (alt_of) WHERE alt_of IS NOT NULL;
CREATE INDEX image_jobs_alt_of ON image_jobs (alt_of) WHERE alt_of IS NOT NULL;

-- A listing says which chats fork (conversationColumns: the prompts and
-- replies of a conversation grouped by parent). Read through the messages
-- of each conversation listed, with their text, that check made listing
-- 50 conversations some 30 times slower than before 0014 (0.24-0.38 ms to
-- 8-12 ms, 1,000 conversations of 100 messages, on a loaded machine);
-- this index answers it alone (1.0-2.9 ms).
CREATE INDEX messages_siblings ON messages (conversation_id, parent_id)
  WHERE lane = 0 AND role IN ('user', 'assistant');
