-- 0002: full-text search over message text and image and video prompts.
-- Three external-content FTS5 tables (the text lives once, in its own table)
-- rather than one: snippet() reads a hit's text back by rowid, which is an
-- index lookup on the owning table but would be a scan through a view that
-- unions the three. A reply is indexed once it stops streaming, so the
-- checkpoints of a long reply never re-tokenize it.

CREATE VIRTUAL TABLE messages_fts USING fts5 (
  text, content = 'messages', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages
WHEN new.status <> 'streaming' BEGIN
  INSERT INTO messages_fts (rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages
WHEN old.status <> 'streaming' BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TRIGGER messages_fts_update AFTER UPDATE OF text, status ON messages
WHEN old.status <> 'streaming' OR new.status <> 'streaming' BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text)
    SELECT 'delete', old.id, old.text WHERE old.status <> 'streaming';
  INSERT INTO messages_fts (rowid, text)
    SELECT new.id, new.text WHERE new.status <> 'streaming';
END;
INSERT INTO messages_fts (rowid, text) SELECT id, text FROM messages WHERE status <> 'streaming';

CREATE VIRTUAL TABLE image_jobs_fts USING fts5 (
  prompt, content = 'image_jobs', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER image_jobs_fts_insert AFTER INSERT ON image_jobs BEGIN
  INSERT INTO image_jobs_fts (rowid, prompt) VALUES (new.id, new.prompt);
END;
CREATE TRIGGER image_jobs_fts_delete AFTER DELETE ON image_jobs BEGIN
  INSERT INTO image_jobs_fts (image_jobs_fts, rowid, prompt) VALUES ('delete', old.id, old.prompt);
END;
CREATE TRIGGER image_jobs_fts_update AFTER UPDATE OF prompt ON image_jobs BEGIN
  INSERT INTO image_jobs_fts (image_jobs_fts, rowid, prompt) VALUES ('delete', old.id, old.prompt);
  INSERT INTO image_jobs_fts (rowid, prompt) VALUES (new.id, new.prompt);
END;
INSERT INTO image_jobs_fts (image_jobs_fts) VALUES ('rebuild');

CREATE VIRTUAL TABLE video_tasks_fts USING fts5 (
  prompt, content = 'video_tasks', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER video_tasks_fts_insert AFTER INSERT ON video_tasks BEGIN
  INSERT INTO video_tasks_fts (rowid, prompt) VALUES (new.id, new.prompt);
END;
CREATE TRIGGER video_tasks_fts_delete AFTER DELETE ON video_tasks BEGIN
  INSERT INTO video_tasks_fts (video_tasks_fts, rowid, prompt) VALUES ('delete', old.id, old.prompt);
END;
CREATE TRIGGER video_tasks_fts_update AFTER UPDATE OF prompt ON video_tasks BEGIN
  INSERT INTO video_tasks_fts (video_tasks_fts, rowid, prompt) VALUES ('delete', old.id, old.prompt);
  INSERT INTO video_tasks_fts (rowid, prompt) VALUES (new.id, new.prompt);
END;
INSERT INTO video_tasks_fts (video_tasks_fts) VALUES ('rebuild');
