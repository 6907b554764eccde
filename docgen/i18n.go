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

// parsedCatalog is the Japanese catalog, decoded once.
var parsedCatalog = sync.OnceValues(func() (map[string]string, error) {
	var m map[string]string
	if err := json.Unmarshal(catalogJA, &m); err != nil {
		return nil, fmt.Errorf("docgen: catalog_ja.json: %w", err)
	}
	return m, nil
})

// translator turns the English text of the reference into one language and
// remembers the texts it had no translation for.
type translator struct {
	lang    Language
	catalog map[string]string
	missing map[string]bool
	used    map[string]bool
}

func newTranslator(lang Language) (*translator, error) {
	t := &translator{lang: lang, missing: map[string]bool{}, used: map[string]bool{}}
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

// text returns the translation of an English text. A text without a
// translation is returned as it is and remembered.
func (t *translator) text(en string) string {
	if t.lang == English || en == "" {
		return en
	}
	if s, ok := t.catalog[en]; ok {
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
