-- 0016: the search index reads at most the first MiB of a message
-- (1,048,576 characters), so that folding an 8 MiB reply does not tokenize
-- all of it in one row: FTS5 gathers a row's terms and positions in memory
-- before it writes them, and for a reply at the reply-text limit that was
-- some 14 MB of the TUI's peak (issue 32, item 11). A reply is read for
-- words, not indexed as a document store: a word met only past its first
-- MiB is not found, which the README says.
--
-- The index is external-content: what is deleted must be what was
-- inserted, so every trigger takes the same prefix, and messages indexed
-- whole before this step are indexed again by their prefix here.

DROP TRIGGER messages_fts_insert;
DROP TRIGGER messages_fts_delete;
DROP TRIGGER messages_fts_update;

INSERT INTO messages_fts (messages_fts, rowid, text)
  SELECT 'delete', id, text FROM messages WHERE status <> 'streaming' AND length(text) > 1048576;
INSERT INTO messages_fts (rowid, text)
  SELECT id, substr(text, 1, 1048576) FROM messages WHERE status <> 'streaming' AND length(text) > 1048576;

CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages
WHEN new.status <> 'streaming' BEGIN
  INSERT INTO messages_fts (rowid, text) VALUES (new.id, substr(new.text, 1, 1048576));
END;
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages
WHEN old.status <> 'streaming' BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.id, substr(old.text, 1, 1048576));
END;
CREATE TRIGGER messages_fts_update AFTER UPDATE OF text, status ON messages
WHEN old.status <> 'streaming' OR new.status <> 'streaming' BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text)
    SELECT 'delete', old.id, substr(old.text, 1, 1048576) WHERE old.status <> 'streaming';
  INSERT INTO messages_fts (rowid, text)
    SELECT new.id, substr(new.text, 1, 1048576) WHERE new.status <> 'streaming';
END;
