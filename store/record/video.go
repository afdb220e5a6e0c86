package record

import (
	"context"
	"encoding/json"
	"net/http"

	"atelier/client"
	"atelier/store"
)

// VideoSubmission stores a task the service accepted: the body as sent and
// the service's handle, as status QUEUED or whatever it said, and the image
// files read into the body (its lineage). It is read back as the history
// holds it, for a poller to follow.
func VideoSubmission(ctx context.Context, db *store.Store, req client.VideoRequest, h *client.VideoTask, inputs ...store.VideoInputFile) (store.VideoTask, error) {
	return LabelledVideoSubmission(ctx, db, req, h, "", inputs...)
}

// LabelledVideoSubmission is VideoSubmission for a task with a label
// (the idea it belongs to; see store.NormalizeLabel), "" for
// none.
func LabelledVideoSubmission(ctx context.Context, db *store.Store, req client.VideoRequest, h *client.VideoTask, label string, inputs ...store.VideoInputFile) (store.VideoTask, error) {
	ctx = context.WithoutCancel(ctx)
	body, err := json.Marshal(req.Body)
	if err != nil {
		return store.VideoTask{}, err
	}
	_, err = db.AddVideoTask(ctx, store.VideoSubmission{RequestID: h.RequestID, Endpoint: h.Endpoint,
		Family: h.Family, BodyJSON: body, Webhook: req.Webhook, Status: h.Status, QueuePosition: h.QueuePosition,
		StatusURL: h.StatusURL, ResponseURL: h.ResponseURL, CancelURL: h.CancelURL, ResponseJSON: h.Raw,
		HTTPStatus: http.StatusOK, Inputs: inputs, Label: label})
	if err != nil {
		return store.VideoTask{}, err
	}
	t, err := db.VideoTask(ctx, h.RequestID)
	if err != nil {
		return store.VideoTask{}, err
	}
	t.Events = nil
	return *t, nil
}
