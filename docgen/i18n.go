package docgen

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
)

// Language is a language the reference is written in.
type Language string

// The languages of the reference.
const (
	English  Language = "en"
	Japanese Language = "ja"
)

// Languages returns the languages the reference is generated in, English
// first.
func Languages() []Language { return []Language{English, Japanese} }

//go:embed catalog_ja.json
var catalogJA []byte

// catalog holds the translations of one language.
//
// The doc texts of package protocol's model are keyed by stable ids, not by
// their English: "type:SystemInit#0" (a paragraph of a type's or enum's
// doc), "member:SystemInit.cwd" (a member's comment) and
// "value:Subtype.init" (an enum constant's). Each entry keeps the English
// it translates, so an English text that changed leaves its translation in
// place, marked stale until someone brings it up to date. docgen's own
// texts are keyed by their English, as the code holds them.
type catalog struct {
	Schema map[string]catalogEntry `json:"schema"`
	Texts  map[string]string       `json:"texts"`
}

// catalogEntry is the translation of one doc text.
type catalogEntry struct {
	EN string `json:"en"` // the English translated
	JA string `json:"ja"` // its translation
}

// parsedCatalog is the Japanese catalog, decoded once.
var parsedCatalog = sync.OnceValues(func() (*catalog, error) {
	var c catalog
	if err := json.Unmarshal(catalogJA, &c); err != nil {
		return nil, fmt.Errorf("docgen: catalog_ja.json: %w", err)
	}
	return &c, nil
})

// translator turns the English text of the reference into one language and
// remembers the texts it had no translation for.
type translator struct {
	lang    Language
	catalog *catalog
	// docIDs lists the ids of the model's doc texts, by English.
	docIDs  map[string][]string
	missing map[string]bool
	// used holds the catalog keys used: ids and docgen's own texts.
	used map[string]bool
}

func newTranslator(lang Language, docIDs map[string][]string) (*translator, error) {
	t := &translator{lang: lang, docIDs: docIDs, missing: map[string]bool{}, used: map[string]bool{}}
	if lang == English {
		return t, nil
	}
	if lang != Japanese {
		return nil, fmt.Errorf("docgen: no catalog for language %q", lang)
	}
	c, err := parsedCatalog()
	if err != nil {
		return nil, err
	}
	t.catalog = c
	return t, nil
}

// text returns the translation of an English text: a doc text of the model
// by its ids (the first with an entry), any other by its English. A text
// without a translation is returned as it is and remembered.
func (t *translator) text(en string) string {
	if t.lang == English || en == "" {
		return en
	}
	for _, id := range t.docIDs[en] {
		if e, ok := t.catalog.Schema[id]; ok {
			t.used[id] = true
			return e.JA
		}
	}
	if s, ok := t.catalog.Texts[en]; ok {
		t.used[en] = true
		return s
	}
	t.missing[en] = true
	return en
}

// format translates an English format string, then formats it. Catalog
// entries may reorder the arguments with explicit indexes (%[2]s).
func (t *translator) format(en string, args ...any) string {
	return fmt.Sprintf(t.text(en), args...)
}

// missingTexts returns the texts that had no translation, sorted.
func (t *translator) missingTexts() []string {
	out := sortedKeys(t.missing)
	slices.Sort(out)
	return out
}
