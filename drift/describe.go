package drift

import (
	"fmt"
	"strings"
)

// Describe says what the shift changed, in one short sentence each in
// English and Japanese, as the findings (drift/firsts.json) and the
// changelog say it: "system/init carries fast_mode_state (string).",
// "system/init に fast_mode_state（string）が付く。"
func (s Shift) Describe() (en, ja string) {
	switch {
	case s.Kind != nil && s.Local:
		k := kindName(s.Kind.Kind)
		if s.Kind.Change == Removed {
			return fmt.Sprintf("Scenario %s no longer has %s.", s.Scenario, k), fmt.Sprintf("シナリオ %s で %s が送られなくなる。", s.Scenario, k)
		}
		return fmt.Sprintf("Scenario %s has %s.", s.Scenario, k), fmt.Sprintf("シナリオ %s で %s が現れる。", s.Scenario, k)
	case s.Kind != nil:
		k := kindName(s.Kind.Kind)
		if s.Kind.Change == Removed {
			return k + " is no longer sent.", k + " が送られなくなる。"
		}
		return k + " appears.", k + " が現れる。"
	case s.Member != nil:
		k, m := kindName(s.Member.Kind), s.Member.Path
		if len(s.Member.Elements) > 0 {
			m += " (" + strings.Join(s.Member.Elements, ", ") + ")"
		}
		before, after := strings.Join(s.Member.Before, "|"), strings.Join(s.Member.After, "|")
		switch s.Member.Change {
		case Removed:
			return fmt.Sprintf("%s no longer carries %s.", k, m), fmt.Sprintf("%s から %s がなくなる。", k, m)
		case Retyped:
			return fmt.Sprintf("%s's %s is %s instead of %s.", k, m, after, before), fmt.Sprintf("%s の %s が %s ではなく %s になる。", k, m, before, after)
		}
		return fmt.Sprintf("%s carries %s (%s).", k, m, after), fmt.Sprintf("%s に %s（%s）が付く。", k, m, after)
	case s.Items != nil:
		k := kindName(s.Items.Kind) + "." + s.Items.Path
		var en, ja []string
		if len(s.Items.Added) > 0 {
			en = append(en, fmt.Sprintf("%s gains %s", k, listEn(s.Items.Added)))
			ja = append(ja, fmt.Sprintf("%s に %s が加わる", k, strings.Join(s.Items.Added, "、")))
		}
		if len(s.Items.Removed) > 0 {
			en = append(en, fmt.Sprintf("%s loses %s", k, listEn(s.Items.Removed)))
			ja = append(ja, fmt.Sprintf("%s から %s がなくなる", k, strings.Join(s.Items.Removed, "、")))
		}
		// "k gains a and loses b": the list named once.
		e := strings.Join(en, " and ")
		if len(en) == 2 {
			e = en[0] + " and " + strings.TrimPrefix(en[1], k+" ")
		}
		return e + ".", strings.Join(ja, "、") + "。"
	case s.Wrap != nil:
		k, text := kindName(s.Wrap.Kind)+"."+s.Wrap.Path, s.Wrap.Text
		if text == "" {
			if s.Wrap.Change == Unwrapped {
				return fmt.Sprintf("%s is no longer wrapped in <%s>.", k, s.Wrap.Tag), fmt.Sprintf("%s が <%s> で囲まれなくなる。", k, s.Wrap.Tag)
			}
			return fmt.Sprintf("%s is wrapped in <%s>.", k, s.Wrap.Tag), fmt.Sprintf("%s が <%s> で囲まれる。", k, s.Wrap.Tag)
		}
		if s.Wrap.Change == Unwrapped {
			return fmt.Sprintf("%s is no longer wrapped in <%s>: %q.", k, s.Wrap.Tag, text), fmt.Sprintf("%s の %q が <%s> で囲まれなくなる。", k, text, s.Wrap.Tag)
		}
		return fmt.Sprintf("%s is wrapped in <%s>: %q.", k, s.Wrap.Tag, text), fmt.Sprintf("%s の %q が <%s> で囲まれる。", k, text, s.Wrap.Tag)
	case s.Order != nil:
		after, before := strings.Join(s.Order.After, ", "), strings.Join(s.Order.Before, ", ")
		return fmt.Sprintf("In turn %d of scenario %s the stdout kinds come as %s (before: %s).", s.Order.Turn, s.Scenario, after, before),
			fmt.Sprintf("シナリオ %s のターン %d で stdout の種類の順が %s になる（以前は %s）。", s.Scenario, s.Order.Turn, after, before)
	case s.Verdict != nil:
		return fmt.Sprintf("Scenario %s %s (before: %s).", s.Scenario, verdictEn[verdictClass(s.Verdict.B)], s.Verdict.A),
			fmt.Sprintf("シナリオ %s が%s（以前は %s）。", s.Scenario, verdictJa[verdictClass(s.Verdict.B)], s.Verdict.A)
	}
	return "", ""
}

// kindName is how a sentence names a kind: its name, with its channel
// when it is not stdout ("stdin control_request/initialize").
func kindName(k Kind) string {
	if k.Channel == Stdout {
		return k.Name
	}
	return k.String()
}

// listEn joins names as English does: "a", "a and b", "a, b and c".
func listEn(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// verdictClass is a verdict as sentences tell it: a recording without a
// verdict passed.
func verdictClass(v Verdict) Verdict {
	if v == Recorded {
		return Pass
	}
	return v
}

var verdictEn = map[Verdict]string{
	Pass:          "passes",
	Fail:          "fails",
	NotApplicable: "does not apply",
	Missing:       "has no run",
}

var verdictJa = map[Verdict]string{
	Pass:          "成功する",
	Fail:          "失敗する",
	NotApplicable: "適用されない",
	Missing:       "実行されない",
}
