package stubapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// Route says whether a request consumes the script.
type Route string

// The routes.
const (
	// RouteMain is a main-loop request: it is answered from the script.
	RouteMain Route = "main"
	// RouteSide is any other request: it gets an automatic answer and
	// leaves the script alone.
	RouteSide Route = "side"
)

// Side-request kinds, the first word of a side Classification's Reason.
const (
	sideCountTokens = "count_tokens"
	sideModels      = "models"
	sideProbe       = "probe"
	sideStructured  = "structured"
	sideHelper      = "helper"
	sideOther       = "other"
	sideOversize    = "oversize"
)

// Classification is the route of a request and why.
type Classification struct {
	// Route is where the request goes.
	Route Route
	// Reason is the rule that decided, in a few words.
	Reason string
}

// Classify decides whether a request is a main-loop request of the CLI,
// by the rule documented in the package doc (section "Routing"). It looks
// at the method, the path and the JSON body only; a body that does not
// parse is classified as a side request (the server rejects it anyway).
func Classify(method, path string, body []byte) Classification {
	var req *messagesRequest
	var err error
	if method == http.MethodPost && path == "/v1/messages" {
		req, err = parseMessagesRequest(body)
	}
	return classifyParsed(method, path, req, err)
}

// classifyParsed is Classify for a body parseMessagesRequest has parsed
// (into req or err) when the request is POST /v1/messages.
func classifyParsed(method, path string, req *messagesRequest, err error) Classification {
	if method != http.MethodPost || path != "/v1/messages" {
		switch {
		case path == "/v1/messages/count_tokens":
			return Classification{RouteSide, sideCountTokens + ": token counting"}
		case path == "/v1/models" || strings.HasPrefix(path, "/v1/models/"):
			return Classification{RouteSide, sideModels + ": model listing"}
		}
		return Classification{RouteSide, sideOther + ": not POST /v1/messages"}
	}
	if err != nil || req == nil {
		return Classification{RouteSide, sideOther + ": malformed body"}
	}
	return req.classify()
}

// messagesRequest is the part of a Messages request body the server reads.
type messagesRequest struct {
	Model        string        `json:"model"`
	MaxTokens    *int64        `json:"max_tokens"`
	Stream       bool          `json:"stream"`
	Messages     jsonArray     `json:"messages"`
	Tools        jsonArray     `json:"tools"`
	OutputFormat *outputFormat `json:"output_format"`
	OutputConfig *struct {
		Format *outputFormat `json:"format"`
	} `json:"output_config"`
}

// strictMessagesRequest is messagesRequest as encoding/json checks it
// field by field: decoding a body into it gives the error a malformed
// body is reported with.
type strictMessagesRequest struct {
	Model        string            `json:"model"`
	MaxTokens    *int64            `json:"max_tokens"`
	Stream       bool              `json:"stream"`
	Messages     []json.RawMessage `json:"messages"`
	Tools        []json.RawMessage `json:"tools"`
	OutputFormat *outputFormat     `json:"output_format"`
	OutputConfig *struct {
		Format *outputFormat `json:"format"`
	} `json:"output_config"`
}

// jsonArray is a JSON array, or null, read only as far as its length:
// the server counts a request's messages and tools but neither reads nor
// copies them (they are most of a request's bytes).
type jsonArray int

// errNotArray is what jsonArray fails with; decodeRequest then reports
// the error encoding/json gives for the field.
var errNotArray = errors.New("not a JSON array")

// UnmarshalJSON sets a to the number of elements of the array data.
func (a *jsonArray) UnmarshalJSON(data []byte) error {
	switch data[0] {
	case 'n':
		*a = 0
	case '[':
		*a = jsonArray(countElements(data))
	default:
		return errNotArray
	}
	return nil
}

// countElements returns the number of elements of data, a valid JSON
// array: one more than the commas outside strings and nested values,
// unless it is empty.
func countElements(data []byte) int {
	if rest := bytes.TrimLeft(data[1:], " \t\n\r"); len(rest) == 0 || rest[0] == ']' {
		return 0
	}
	n, depth, inString := 1, 0, false
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case c == ',' && depth == 1:
			n++
		}
	}
	return n
}

// outputFormat is a structured-output request: the reply must be JSON
// matching Schema.
type outputFormat struct {
	Type   string          `json:"type"`
	Schema json.RawMessage `json:"schema"`
}

// structuredFormat is the structured-output format the request asks for,
// or nil.
func (r *messagesRequest) structuredFormat() *outputFormat {
	if r.OutputConfig != nil && r.OutputConfig.Format != nil {
		return r.OutputConfig.Format
	}
	return r.OutputFormat
}

// maxTokens is the request's max_tokens, 0 when absent.
func (r *messagesRequest) maxTokens() int64 {
	if r.MaxTokens == nil {
		return 0
	}
	return *r.MaxTokens
}

func (r *messagesRequest) classify() Classification {
	switch {
	case r.maxTokens() <= 1:
		return Classification{RouteSide, sideProbe + ": max_tokens " + strconv.FormatInt(r.maxTokens(), 10)}
	case r.structuredFormat() != nil:
		return Classification{RouteSide, sideStructured + ": asks for structured output"}
	case r.Tools > 0:
		return Classification{RouteMain, "offers " + strconv.Itoa(int(r.Tools)) + " tools"}
	case isSmallModel(r.Model):
		return Classification{RouteSide, sideHelper + ": small model " + r.Model + " without tools"}
	}
	return Classification{RouteMain, "main model " + r.Model + " without tools"}
}

// isSmallModel reports whether model is one of the small fast models the
// CLI uses for helper requests.
func isSmallModel(model string) bool {
	return strings.Contains(strings.ToLower(model), "haiku")
}

// errBadRequest marks request bodies the API would reject with 400.
var errBadRequest = errors.New("invalid request")

// parseMessagesRequest decodes and checks a Messages request body the way
// the API does before it does any work.
func parseMessagesRequest(body []byte) (*messagesRequest, error) {
	req, err := decodeRequest(body)
	switch {
	case err != nil:
		return nil, err
	case req.MaxTokens == nil:
		return nil, fmt.Errorf("%w: max_tokens: Field required", errBadRequest)
	case *req.MaxTokens < 1:
		return nil, fmt.Errorf("%w: max_tokens: Input should be greater than or equal to 1", errBadRequest)
	}
	return req, nil
}

// parseCountTokensRequest checks a count_tokens request body.
func parseCountTokensRequest(body []byte) (*messagesRequest, error) {
	return decodeRequest(body)
}

// decodeRequest decodes a body that must be a JSON object with a model
// and messages.
func decodeRequest(body []byte) (*messagesRequest, error) {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		return nil, fmt.Errorf("%w: empty request body; expected a JSON object", errBadRequest)
	}
	if trimmed[0] != '{' {
		if json.Valid(trimmed) {
			return nil, fmt.Errorf("%w: request body must be a JSON object", errBadRequest)
		}
		return nil, fmt.Errorf("%w: request body is not valid JSON", errBadRequest)
	}
	var req messagesRequest
	if err := json.Unmarshal(trimmed, &req); err != nil {
		// Report what encoding/json finds wrong with the body.
		var strict strictMessagesRequest
		if strictErr := json.Unmarshal(trimmed, &strict); strictErr != nil {
			err = strictErr
		}
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return nil, fmt.Errorf("%w: request body is not valid JSON: %v", errBadRequest, err)
		}
		return nil, fmt.Errorf("%w: %v", errBadRequest, err)
	}
	switch {
	case req.Model == "":
		return nil, fmt.Errorf("%w: model: Field required", errBadRequest)
	case req.Messages == 0:
		return nil, fmt.Errorf("%w: messages: Field required (at least one message)", errBadRequest)
	}
	return &req, nil
}
