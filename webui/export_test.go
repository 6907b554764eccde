package webui

import (
	"bytes"
	"encoding/json"
)

// PublishJSON shows a page event, written as JSON, on the server's pages:
// for the tests of what the page does with text it is sent.
func (s *Server) PublishJSON(data string) error {
	var ev pageEvent
	dec := json.NewDecoder(bytes.NewReader([]byte(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ev); err != nil {
		return err
	}
	s.hub.publish(ev)
	return nil
}
