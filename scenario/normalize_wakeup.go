package scenario

import "strings"

// The ScheduleWakeup tool's description has a section "## Picking
// delaySeconds" whose text the CLI (2.1.250 to 2.1.332) picks from three by
// its prompt-cache decision: the 5-minute TTL's text, the 1-hour TTL's (a
// subscriber's session), or a text for either TTL when its decisions for
// the main thread and for SDK requests differ or are not made yet. Which
// one a request carries can change from run to run of the same scenario (a
// corpus run of partial-messages-order on 2.1.332 once failed on it), so a
// recording writes any of the three as [wakeupGuidancePlaceholder].

// wakeupGuidanceHeading starts the section.
const wakeupGuidanceHeading = "## Picking delaySeconds\n\n"

// wakeupGuidancePlaceholder stands for the section's text, heading
// included.
const wakeupGuidancePlaceholder = wakeupGuidanceHeading + "<prompt-cache-ttl-guidance>"

// wakeupGuidanceTexts are the section's three texts, as 2.1.332 has them
// (kC, vC and RC in its bundle).
var wakeupGuidanceTexts = []string{
	// the default 5-minute TTL
	"## Picking delaySeconds\n\nThis session's requests use the default 5-minute Anthropic prompt-cache TTL. Sleeping past 300 seconds means the next wake-up reads your full conversation context uncached — slower and more expensive. So the natural breakpoints:\n\n- **Under 5 minutes (60s–270s)**: cache stays warm. Right for actively polling external state the harness can't notify you about — a CI run, a deploy, a remote queue.\n- **5 minutes to 1 hour (300s–3600s)**: pay the cache miss. Right when there's no point checking sooner — waiting on something that takes minutes to change, genuinely idle, or as the long fallback heartbeat when something else is the primary wake signal.\n\n**Don't pick 300s.** It's the worst-of-both: you pay the cache miss without amortizing it. If you're tempted to \"wait 5 minutes,\" either drop to 270s (stay in cache) or commit to 1200s+ (one cache miss buys a much longer wait). Don't think in round-number minutes — think in cache windows.\n\nFor idle ticks with no specific signal to watch, default to **1200s–1800s** (20–30 min). The loop checks back, you don't burn cache 12× per hour for nothing, and the user can always interrupt if they need you sooner.\n\nThink about what you're actually waiting for, not just \"how long should I sleep.\" If you're polling a CI run that takes ~8 minutes, sleeping 60s burns the cache 8 times before it finishes — sleep ~270s twice instead.\n\nThe runtime clamps to [60, 3600], so you don't need to clamp yourself.",
	// a 1-hour TTL
	"## Picking delaySeconds\n\nThis session's requests use a 1-hour Anthropic prompt-cache TTL, so effectively every allowed delay (the runtime clamps to [60, 3600]) wakes up with your conversation context still cached. There is no cache cliff inside that range to pace around, and scheduling extra wakeups just to keep the cache warm is pure waste — never do that. (If the session enters usage overage, later requests drop to the 5-minute TTL; don't try to track or preempt that — the guidance here stays the same.)\n\nMatch the delay to what you're actually waiting for:\n\n- **Actively polling external state the harness can't notify you about** (a CI run, a deploy, a remote queue): pick the delay from how fast that state actually changes. A CI run that takes ~8 minutes deserves one ~480s check, not eight 60s ones.\n- **The long fallback heartbeat** (something else — a Monitor, a task notification — is the primary wake signal): 1200s+, so quiet wakeups stay rare.\n- **Idle ticks with no specific signal to watch**: default to **1200s–1800s** (20–30 min). The loop still checks back regularly, and the user can always interrupt if they need you sooner.\n\nDon't think in cache windows — think about what you're actually waiting for.",
	// either TTL: the CLI has not decided, or its two decisions differ
	"## Picking delaySeconds\n\nThe Anthropic prompt cache decides how expensive a wake-up is: waking inside the cache TTL re-reads your conversation context cached (fast, cheap); waking past it re-reads everything uncached. The TTL depends on how the session is billed: Claude subscriber sessions get a 1-hour TTL (dropping to 5 minutes during usage overage), while API-key, Bedrock, and Vertex sessions default to 5 minutes.\n\nIn either regime: never schedule extra wakeups just to keep the cache warm — they cost more than the cache miss they avoid. Match the delay to what you're actually waiting for: when actively polling external state the harness can't notify you about (a CI run, a deploy, a remote queue), pick the delay from how fast that state actually changes; for idle ticks with no specific signal to watch, default to **1200s–1800s** (20–30 min) — the user can always interrupt if they need you sooner.\n\nOn a 5-minute TTL only, two refinements: under 300s (60s–270s) the cache stays warm, so prefer 270s over 300s when actively polling (300s is the worst-of-both — you pay the miss without amortizing it); and commit to 1200s+ rather than repeated ~300s waits, so one cache miss buys a long wait.\n\nThe runtime clamps to [60, 3600], so you don't need to clamp yourself.",
}

// wakeupGuidance writes the ScheduleWakeup description's delay guidance,
// whichever of its texts s holds, as [wakeupGuidancePlaceholder].
func wakeupGuidance(s string) string {
	if !strings.Contains(s, wakeupGuidanceHeading) {
		return s
	}
	for _, text := range wakeupGuidanceTexts {
		s = strings.ReplaceAll(s, text, wakeupGuidancePlaceholder)
	}
	return s
}
