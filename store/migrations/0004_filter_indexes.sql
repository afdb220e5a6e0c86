-- 0004: indexes that answer the History tab's filters. A conversation
-- matches a family, model or status when any of its messages has it; these
-- indexes find those conversations from the value, so a value few messages
-- have is found without reading every conversation. Image jobs get the same
-- for their model and status, in listing order.

CREATE INDEX messages_family ON messages (family, conversation_id);
CREATE INDEX messages_model ON messages (model, conversation_id);
CREATE INDEX messages_status ON messages (status, conversation_id);
CREATE INDEX image_jobs_model ON image_jobs (model, created_at DESC, id DESC);
CREATE INDEX image_jobs_status ON image_jobs (status, created_at DESC, id DESC);
