package protocol

import (
	"reflect"

	"github.com/ccwire/ccwire/internal/jsonwire"
)

// jsonObject is implemented by every typed object that can stand in a
// position holding several kinds (messages, content blocks, control bodies).
type jsonObject interface {
	decode(d *decoder) error
	encode(b []byte) []byte
	walkUnknown(w *unknownWalker)
	objState() *objectState
}

// discriminator returns the string value of the object's member key (the
// first one if repeated) without consuming the object, and whether it was
// found. Dispatch reads "type" or "subtype" with it before decoding the
// object as the type those name.
func discriminator(d *decoder, key string) (string, bool, error) {
	start, depth := d.Pos(), d.Depth()
	defer d.Rewind(start, depth)
	if err := d.OpenObject(); err != nil {
		return "", false, err
	}
	for i := 0; ; i++ {
		k, ok, err := d.ObjectNext(i)
		if err != nil || !ok {
			return "", false, err
		}
		if k == key && d.Peek() == jsonwire.String {
			v, err := d.ReadString()
			return v, err == nil, err
		}
		if _, err := d.Skip(); err != nil {
			return "", false, err
		}
	}
}

// variantField is a member holding one of several object kinds, chosen by
// pick from the object's discriminating member.
func variantField[T any, I jsonObject](key string, get func(*T) *I, pick func(d *decoder) (I, error)) field[T] {
	return field[T]{
		key: key,
		decode: func(p *T, d *decoder) error {
			switch d.Peek() {
			case jsonwire.Object:
				v, err := pick(d)
				if err != nil {
					return err
				}
				if err := v.decode(d); err != nil {
					return err
				}
				*get(p) = v
				return nil
			case jsonwire.Null:
				// A repeated member's null overrides the value before it.
				var zero I
				*get(p) = zero
				return d.ReadNull()
			}
			return errMismatch
		},
		encode: func(p *T, b, _ []byte) []byte {
			v := *get(p)
			if isNil(v) {
				return append(b, "null"...)
			}
			return v.encode(b)
		},
		same:    func(p *T, raw []byte) bool { return isNull(raw) && isNil(*get(p)) },
		nonzero: func(p *T) bool { return !isNil(*get(p)) },
		walk: func(p *T, w *unknownWalker, _ []byte) {
			if v := *get(p); !isNil(v) {
				v.walkUnknown(w)
			}
		},
	}
}

// isNil reports whether v is nil or a nil pointer.
func isNil[I jsonObject](v I) bool {
	if any(v) == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// decodeVariants reads an array of variant objects; an element that is not
// an object is a mismatch.
func decodeVariants[I jsonObject](d *decoder, pick func(d *decoder) (I, error)) ([]I, error) {
	start, depth := d.Pos(), d.Depth()
	if err := d.OpenArray(); err != nil {
		return nil, err
	}
	v := []I{}
	for i := 0; ; i++ {
		ok, err := d.ArrayNext(i)
		if err != nil {
			return nil, err
		}
		if !ok {
			return v, nil
		}
		if d.Peek() != jsonwire.Object {
			d.Rewind(start, depth)
			return nil, errMismatch
		}
		e, err := pick(d)
		if err != nil {
			return nil, err
		}
		if err := e.decode(d); err != nil {
			return nil, err
		}
		v = append(v, e)
	}
}

func encodeVariants[I jsonObject](b []byte, v []I) []byte {
	b = append(b, '[')
	for i, e := range v {
		if i > 0 {
			b = append(b, ',')
		}
		if isNil(e) {
			b = append(b, "null"...)
			continue
		}
		b = e.encode(b)
	}
	return append(b, ']')
}

func walkVariants[I jsonObject](w *unknownWalker, v []I) {
	n := w.push("*")
	for _, e := range v {
		if !isNil(e) {
			e.walkUnknown(w)
		}
	}
	w.pop(n)
}

// blocksField is a member holding an array of content blocks, always
// written ([] when nil).
func blocksField[T any](key string, get func(*T) *[]ContentBlock) field[T] {
	return field[T]{
		key: key,
		decode: func(p *T, d *decoder) error {
			switch d.Peek() {
			case jsonwire.Array:
				v, err := decodeVariants(d, pickContentBlock)
				*get(p) = v
				return err
			case jsonwire.Null:
				// A repeated member's null overrides the value before it.
				*get(p) = nil
				return d.ReadNull()
			}
			return errMismatch
		},
		encode:  func(p *T, b, _ []byte) []byte { return encodeVariants(b, *get(p)) },
		same:    func(p *T, raw []byte) bool { return isNull(raw) && *get(p) == nil },
		nonzero: func(p *T) bool { return *get(p) != nil },
		always:  true,
		walk:    func(p *T, w *unknownWalker, _ []byte) { walkVariants(w, *get(p)) },
	}
}

// contentField is a member holding a string or an array of content blocks.
func contentField[T any](key string, get func(*T) *Content) field[T] {
	return field[T]{
		key: key,
		decode: func(p *T, d *decoder) error {
			c := get(p)
			switch d.Peek() {
			case jsonwire.String:
				s, err := d.ReadString()
				*c = Content{Text: s}
				return err
			case jsonwire.Array:
				v, err := decodeVariants(d, pickContentBlock)
				*c = Content{Blocks: v}
				return err
			case jsonwire.Null:
				// A repeated member's null overrides the value before it.
				*c = Content{}
				return d.ReadNull()
			}
			return errMismatch
		},
		encode: func(p *T, b, _ []byte) []byte {
			c := get(p)
			if c.Blocks != nil {
				return encodeVariants(b, c.Blocks)
			}
			return jsonwire.AppendString(b, c.Text)
		},
		same: func(p *T, raw []byte) bool {
			c := get(p)
			if c.Blocks != nil {
				return false
			}
			if isNull(raw) {
				return c.Text == ""
			}
			return rawStringEqual(raw, c.Text)
		},
		nonzero: func(p *T) bool {
			c := get(p)
			return c.Blocks != nil || c.Text != ""
		},
		walk: func(p *T, w *unknownWalker, _ []byte) {
			if c := get(p); c.Blocks != nil {
				walkVariants(w, c.Blocks)
			}
		},
	}
}
