package stubapi

import (
	"net/http"
	"strings"
	"time"
)

// Model is a model the server lists at GET /v1/models.
type Model struct {
	// ID is the model id, e.g. "claude-sonnet-4-5-20250929".
	ID string
	// DisplayName is the human-readable name.
	DisplayName string
	// CreatedAt is the release time reported.
	CreatedAt time.Time
}

// DefaultModels returns the models listed when WithModels is not given:
// the default models of the CLI versions ccwire pins.
func DefaultModels() []Model {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	return []Model{
		{ID: "claude-opus-5-5", DisplayName: "Claude Opus 5.5", CreatedAt: day(2026, 1, 1)},
		{ID: "claude-sonnet-4-5-20250929", DisplayName: "Claude Sonnet 4.5", CreatedAt: day(2025, 9, 29)},
		{ID: "claude-haiku-4-5-20251001", DisplayName: "Claude Haiku 4.5", CreatedAt: day(2025, 10, 1)},
	}
}

// wireModel is a model object as the Models API sends it.
type wireModel struct {
	Type        string `json:"type"`
	ID          string `json:"id"`
	DisplayName string `json:"display_name"`
	CreatedAt   string `json:"created_at"`
}

func (m Model) wire() wireModel {
	return wireModel{Type: "model", ID: m.ID, DisplayName: m.DisplayName, CreatedAt: m.CreatedAt.UTC().Format(time.RFC3339)}
}

// wireModelList is a page of the Models API.
type wireModelList struct {
	Data    []wireModel `json:"data"`
	HasMore bool        `json:"has_more"`
	FirstID *string     `json:"first_id"`
	LastID  *string     `json:"last_id"`
}

func (x *exchange) listModels() {
	list := wireModelList{Data: []wireModel{}}
	for _, m := range x.s.cfg.models {
		list.Data = append(list.Data, m.wire())
	}
	if n := len(list.Data); n > 0 {
		list.FirstID, list.LastID = &list.Data[0].ID, &list.Data[n-1].ID
	}
	x.writeJSON(list)
	x.outcome = OutcomeSide
}

// getModel answers GET /v1/models/{id}: a listed model, or any other
// "claude-" model the CLI may be pointed at; anything else is not found.
func (x *exchange) getModel(id string) {
	for _, m := range x.s.cfg.models {
		if m.ID == id {
			x.writeJSON(m.wire())
			x.outcome = OutcomeSide
			return
		}
	}
	if strings.HasPrefix(id, "claude-") && !strings.Contains(id, "/") {
		x.writeJSON(Model{ID: id, DisplayName: id, CreatedAt: time.Unix(0, 0)}.wire())
		x.outcome = OutcomeSide
		return
	}
	x.reject(http.StatusNotFound, "not_found_error", "model: "+id)
}
