package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
)

// ToolResult is the typed tool_use_result of a user message that carries a
// built-in tool's tool_result: the structured output the CLI reports next
// to the text the model gets. Its shape depends on the tool called, which
// the message does not name (only the tool_use_id of the assistant
// message's tool_use block does), so the reader picks the type:
// [NewToolResult] by the tool's name, then [UserMessage.DecodeToolResult].
// A call that failed has a JSON string instead ([UserMessage.ToolResultText]).
//
// Tool results are lossless like messages: members the model does not know
// are kept, written back and listed by [UnknownPayloadFields].
type ToolResult interface {
	json.Marshaler
	json.Unmarshaler
	jsonObject
}

// ErrNoToolResult is returned by [UserMessage.DecodeToolResult] for a
// message without tool_use_result.
var ErrNoToolResult = errors.New("protocol: the message has no tool_use_result")

// NewToolResult returns a new value of the type of the tool_use_result of
// a built-in tool, by the name its tool_use block gives ("Bash", "Task" or
// "Agent"…); nil for a tool the model types none for (an MCP tool, a tool
// whose calls were only seen failing).
func NewToolResult(tool string) ToolResult { return newToolResult(tool) }

// MarshalToolResult encodes a tool result as JSON. A decoded result that
// was not modified is written with its original text.
func MarshalToolResult(r ToolResult) ([]byte, error) {
	if r == nil || isNil(r) {
		return nil, errors.New("protocol: MarshalToolResult of a nil tool result")
	}
	return r.encode(nil), nil
}

// DecodeToolResult decodes the message's tool_use_result into r, a new
// value of the type of the tool called ([NewToolResult]). It returns
// [ErrNoToolResult] when the message has none, and an error when the
// tool_use_result is not a JSON object (a failed call's error text: see
// [UserMessage.ToolResultText]).
func (m *UserMessage) DecodeToolResult(r ToolResult) error {
	if len(m.ToolUseResult) == 0 {
		return ErrNoToolResult
	}
	if r == nil || isNil(r) {
		return errors.New("protocol: DecodeToolResult into a nil tool result")
	}
	if err := decodePayload(m.ToolUseResult, r); err != nil {
		return fmt.Errorf("protocol: tool_use_result: %w", err)
	}
	return nil
}

// ToolResultText returns the tool_use_result when it is a JSON string, as
// a failed call's is ("Error: " and the error, or "InputValidationError: "
// and the validator's issues), and whether it is one.
func (m *UserMessage) ToolResultText() (string, bool) {
	if len(m.ToolUseResult) == 0 || m.ToolUseResult[0] != '"' {
		return "", false
	}
	var s string
	if err := json.Unmarshal(m.ToolUseResult, &s); err != nil {
		return "", false
	}
	return s, true
}

// BashToolResult is the tool_use_result of a Bash call.
type BashToolResult struct {
	Stdout           string `json:"stdout" wire:"required"`      // the command's standard output
	Stderr           string `json:"stderr" wire:"required"`      // the command's standard error
	Interrupted      bool   `json:"interrupted" wire:"required"` // the command was interrupted
	IsImage          bool   `json:"isImage"`                     // the output is an image
	NoOutputExpected bool   `json:"noOutputExpected"`            // the command is one that prints nothing on success (CLI 2.1.330)
	BackgroundTaskID string `json:"backgroundTaskId"`            // the task the command runs as when it went to the background; its output comes later (CLI 2.1.330)
	objectState      `wire:"tool=Bash"`
}

// ReadToolResult is the tool_use_result of a Read call.
type ReadToolResult struct {
	Type        string   `json:"type"` // what was read: text or notebook
	File        ReadFile `json:"file"` // the part read
	objectState `wire:"tool=Read"`
}

// ReadFile is the part of a file a Read call read.
type ReadFile struct {
	FilePath   string         `json:"filePath"`   // the file's path as given
	Content    string         `json:"content"`    // the lines read, without line numbers (text)
	NumLines   int64          `json:"numLines"`   // how many lines were read (text)
	StartLine  int64          `json:"startLine"`  // the first line read, from 1 (text)
	TotalLines int64          `json:"totalLines"` // how many lines the file has (text)
	Cells      []NotebookCell `json:"cells"`      // the notebook's cells (notebook)
	objectState
}

// NotebookCell is a cell of a notebook a Read call read.
type NotebookCell struct {
	CellType string `json:"cellType"` // code or markdown
	Source   string `json:"source"`   // the cell's source
	CellID   string `json:"cell_id"`  // the cell's id, cell-N for a notebook without ids
	Language string `json:"language"` // the notebook's language
	objectState
}

// EditToolResult is the tool_use_result of an Edit call.
type EditToolResult struct {
	FilePath                 string      `json:"filePath"`                 // the file's path as given
	OldString                string      `json:"oldString"`                // the text replaced
	NewString                string      `json:"newString"`                // the text put in its place
	OriginalFile             string      `json:"originalFile"`             // the file's content before the edit
	StructuredPatch          []PatchHunk `json:"structuredPatch"`          // the change as diff hunks
	UserModified             bool        `json:"userModified"`             // the user changed the proposed edit
	ReplaceAll               bool        `json:"replaceAll"`               // every occurrence was replaced
	ContentNotInModelContext bool        `json:"contentNotInModelContext"` // the file's content was not shown to the model (CLI 2.1.330)
	objectState              `wire:"tool=Edit"`
}

// PatchHunk is a hunk of a unified diff.
type PatchHunk struct {
	OldStart int64    `json:"oldStart"` // first line in the old file, from 1
	OldLines int64    `json:"oldLines"` // lines of the old file
	NewStart int64    `json:"newStart"` // first line in the new file, from 1
	NewLines int64    `json:"newLines"` // lines of the new file
	Lines    []string `json:"lines"`    // the hunk's lines, each starting with " ", "-" or "+"
	objectState
}

// WriteToolResult is the tool_use_result of a Write call.
type WriteToolResult struct {
	Type            string      `json:"type"`                         // create for a new file, update for an existing one
	FilePath        string      `json:"filePath"`                     // the file's path as given
	Content         string      `json:"content"`                      // the content written
	StructuredPatch []PatchHunk `json:"structuredPatch"`              // the change as diff hunks, empty for a new file
	OriginalFile    string      `json:"originalFile" wire:"nullable"` // the file's content before, empty (null) for a new file
	UserModified    bool        `json:"userModified"`                 // the user changed the proposed content (CLI 2.1.330)
	objectState     `wire:"tool=Write"`
}

// GlobToolResult is the tool_use_result of a Glob call.
type GlobToolResult struct {
	Filenames   []string `json:"filenames"`  // the matching paths
	DurationMs  int64    `json:"durationMs"` // how long the search took, in milliseconds
	NumFiles    int64    `json:"numFiles"`   // how many paths matched
	Truncated   bool     `json:"truncated"`  // the list was cut short
	objectState `wire:"tool=Glob"`
}

// GrepToolResult is the tool_use_result of a Grep call.
type GrepToolResult struct {
	Mode        string   `json:"mode"`      // the output mode: files_with_matches, content or count
	Filenames   []string `json:"filenames"` // the matching files
	NumFiles    int64    `json:"numFiles"`  // how many files matched
	objectState `wire:"tool=Grep"`
}

// NotebookEditToolResult is the tool_use_result of a NotebookEdit call.
type NotebookEditToolResult struct {
	NewSource    string `json:"new_source"`    // the cell's new source
	CellType     string `json:"cell_type"`     // code or markdown
	Language     string `json:"language"`      // the notebook's language
	EditMode     string `json:"edit_mode"`     // replace, insert or delete
	Error        string `json:"error"`         // why the edit failed, empty on success
	NotebookPath string `json:"notebook_path"` // the notebook's path as given
	OriginalFile string `json:"original_file"` // the notebook's JSON before the edit
	UpdatedFile  string `json:"updated_file"`  // the notebook's JSON as written
	objectState  `wire:"tool=NotebookEdit"`
}

// WebSearchToolResult is the tool_use_result of a WebSearch call.
type WebSearchToolResult struct {
	Query           string          `json:"query"`           // the query searched
	Results         json.RawMessage `json:"results"`         // the answer's texts, and the search hits (title and url) when the API searched
	DurationSeconds float64         `json:"durationSeconds"` // how long the search took
	SearchCount     int64           `json:"searchCount"`     // how many searches the API ran (CLI 2.1.330)
	objectState     `wire:"tool=WebSearch"`
}

// AgentToolResult is the tool_use_result of a Task call (named Agent in the
// API requests of CLI 2.1.330): a subagent's report when it ran in the
// foreground (status completed), its launch when it runs in the background
// (status async_launched), or a teammate's spawn (status teammate_spawned,
// CLI 2.1.37).
type AgentToolResult struct {
	Status             string         `json:"status"`             // completed, async_launched or teammate_spawned
	Prompt             string         `json:"prompt"`             // the task given
	AgentID            string         `json:"agentId"`            // the subagent's id
	AgentType          string         `json:"agentType"`          // the subagent type (CLI 2.1.330)
	Description        string         `json:"description"`        // the task's short description (background)
	IsAsync            bool           `json:"isAsync"`            // the subagent runs in the background
	ResolvedModel      string         `json:"resolvedModel"`      // the model the subagent runs on (CLI 2.1.330)
	OutputFile         string         `json:"outputFile"`         // the file the background subagent's output goes to
	CanReadOutputFile  bool           `json:"canReadOutputFile"`  // the model may read that file (CLI 2.1.330)
	CanContinueAgent   bool           `json:"canContinueAgent"`   // the subagent can be sent more messages (CLI 2.1.330)
	Content            []ContentBlock `json:"content"`            // the subagent's final answer (completed)
	TotalDurationMs    int64          `json:"totalDurationMs"`    // the subagent's run time, in milliseconds (completed)
	TotalTokens        int64          `json:"totalTokens"`        // the tokens the subagent used (completed)
	TotalToolUseCount  int64          `json:"totalToolUseCount"`  // the tool calls the subagent made (completed)
	Usage              Usage          `json:"usage"`              // the subagent's last API usage (completed)
	HarnessNoteCount   int64          `json:"harnessNoteCount"`   // notes the CLI added to the report (CLI 2.1.330)
	HarnessTailCount   int64          `json:"harnessTailCount"`   // lines the CLI added after the report (CLI 2.1.330)
	HarnessSectionHash string         `json:"harnessSectionHash"` // a hash of what the CLI added (CLI 2.1.330)
	TeammateID         string         `json:"teammate_id"`        // the teammate's id, name@team (CLI 2.1.37)
	AgentIDSnake       string         `json:"agent_id"`           // the same id (CLI 2.1.37)
	AgentTypeSnake     string         `json:"agent_type"`         // the teammate's agent type (CLI 2.1.37)
	Model              string         `json:"model"`              // the teammate's model (CLI 2.1.37)
	Name               string         `json:"name"`               // the teammate's name (CLI 2.1.37)
	Color              string         `json:"color"`              // the teammate's display color (CLI 2.1.37)
	TmuxSessionName    string         `json:"tmux_session_name"`  // the tmux session it runs in, if any (CLI 2.1.37)
	TmuxWindowName     string         `json:"tmux_window_name"`   // the tmux window (CLI 2.1.37)
	TmuxPaneID         string         `json:"tmux_pane_id"`       // the tmux pane (CLI 2.1.37)
	TeamName           string         `json:"team_name"`          // the team it joined (CLI 2.1.37)
	IsSplitpane        bool           `json:"is_splitpane"`       // it runs in a split pane (CLI 2.1.37)
	PlanModeRequired   bool           `json:"plan_mode_required"` // it must plan before acting (CLI 2.1.37)
	objectState        `wire:"tool=Task|Agent"`
}

// TodoWriteToolResult is the tool_use_result of a TodoWrite call.
type TodoWriteToolResult struct {
	OldTodos                []Todo `json:"oldTodos"`                // the list before the call
	NewTodos                []Todo `json:"newTodos"`                // the list as written
	VerificationNudgeNeeded bool   `json:"verificationNudgeNeeded"` // the CLI will remind the model to verify the work once every item is done (CLI 2.1.70 to 2.1.100)
	objectState             `wire:"tool=TodoWrite"`
}

// Todo is an item of a TodoWrite list.
type Todo struct {
	Content    string `json:"content"`    // what to do
	Status     string `json:"status"`     // pending, in_progress or completed
	ActiveForm string `json:"activeForm"` // the item in the present continuous, shown while in progress
	objectState
}

// AskUserQuestionToolResult is the tool_use_result of an AskUserQuestion
// call the user answered.
type AskUserQuestionToolResult struct {
	Questions   json.RawMessage `json:"questions"` // the questions asked, as in the call's input
	Answers     json.RawMessage `json:"answers"`   // each question's answer, keyed by the question's text
	objectState `wire:"tool=AskUserQuestion"`
}

// ExitPlanModeToolResult is the tool_use_result of an ExitPlanMode call.
type ExitPlanModeToolResult struct {
	Plan          string `json:"plan" wire:"nullable"` // the plan, empty (null) when it is in the plan file
	IsAgent       bool   `json:"isAgent"`              // the caller is a subagent
	FilePath      string `json:"filePath"`             // the plan file
	PlanWasEdited bool   `json:"planWasEdited"`        // the approval's updatedInput gave a plan other than the call's (CLI 2.1.100 to 2.1.197)
	objectState   `wire:"tool=ExitPlanMode"`
}

// EnterPlanModeToolResult is the tool_use_result of an EnterPlanMode call
// (CLI 2.1.37; later versions report a string).
type EnterPlanModeToolResult struct {
	Message     string `json:"message"` // what the model is told
	objectState `wire:"tool=EnterPlanMode"`
}

// ToolSearchToolResult is the tool_use_result of a ToolSearch call.
type ToolSearchToolResult struct {
	Matches            []string `json:"matches"`              // the tools found, whose schemas the next request carries
	Query              string   `json:"query"`                // the query given
	TotalDeferredTools int64    `json:"total_deferred_tools"` // how many deferred tools there are
	objectState        `wire:"tool=ToolSearch"`
}

// SkillToolResult is the tool_use_result of a Skill call.
type SkillToolResult struct {
	Success     bool   `json:"success"`     // the skill was launched
	CommandName string `json:"commandName"` // the skill's name
	objectState `wire:"tool=Skill"`
}

// CronCreateToolResult is the tool_use_result of a CronCreate call (CLI
// 2.1.330).
type CronCreateToolResult struct {
	ID            string `json:"id"`            // the job's id, 8 hex digits
	HumanSchedule string `json:"humanSchedule"` // the schedule in words
	Recurring     bool   `json:"recurring"`     // the job fires on every match, not once
	Durable       bool   `json:"durable"`       // the job is saved in .claude/scheduled_tasks.json
	NextFireAt    int64  `json:"nextFireAt"`    // when the job fires next, in Unix milliseconds
	MaxAgeMs      int64  `json:"maxAgeMs"`      // after how long the job expires, in milliseconds
	objectState   `wire:"tool=CronCreate"`
}

// CronListToolResult is the tool_use_result of a CronList call (CLI
// 2.1.330).
type CronListToolResult struct {
	Jobs        []CronJob `json:"jobs"` // the scheduled jobs
	objectState `wire:"tool=CronList"`
}

// CronJob is a job CronList lists.
type CronJob struct {
	ID            string `json:"id"`            // the job's id
	Cron          string `json:"cron"`          // its cron expression
	HumanSchedule string `json:"humanSchedule"` // the schedule in words
	Prompt        string `json:"prompt"`        // the prompt it enqueues
	Recurring     bool   `json:"recurring"`     // it fires on every match
	Durable       bool   `json:"durable"`       // it is saved on disk
	NextFireAt    int64  `json:"nextFireAt"`    // when it fires next, in Unix milliseconds
	objectState   `wire:""`
}

// ListAgentsToolResult is the tool_use_result of a ListAgents call (CLI
// 2.1.330).
type ListAgentsToolResult struct {
	Listing     string          `json:"listing"`  // the listing as the model reads it
	Sections    json.RawMessage `json:"sections"` // the agents, by kind
	Notes       json.RawMessage `json:"notes"`    // notes on the listing
	objectState `wire:"tool=ListAgents"`
}

// MonitorToolResult is the tool_use_result of a Monitor call (CLI 2.1.330).
type MonitorToolResult struct {
	TaskID      string `json:"taskId"`     // the background task watching the command
	TimeoutMs   int64  `json:"timeoutMs"`  // after how long the watch ends, in milliseconds
	Persistent  bool   `json:"persistent"` // the watch outlives the session
	objectState `wire:"tool=Monitor"`
}

// ReportFindingsToolResult is the tool_use_result of a ReportFindings call
// (CLI 2.1.330).
type ReportFindingsToolResult struct {
	Count       int64           `json:"count"`    // how many findings were reported
	Findings    json.RawMessage `json:"findings"` // the findings, as in the call's input
	objectState `wire:"tool=ReportFindings"`
}

// ScheduleWakeupToolResult is the tool_use_result of a ScheduleWakeup call
// (CLI 2.1.330).
type ScheduleWakeupToolResult struct {
	ScheduledFor        int64 `json:"scheduledFor"`        // when the wakeup fires, in Unix milliseconds; 0 when stopping
	ClampedDelaySeconds int64 `json:"clampedDelaySeconds"` // the delay used, within 60 to 3600 seconds
	WasClamped          bool  `json:"wasClamped"`          // the delay asked for was out of range
	Stopped             bool  `json:"stopped"`             // the loop was stopped
	CancelledWakeups    int64 `json:"cancelledWakeups"`    // how many pending wakeups stopping cancelled
	objectState         `wire:"tool=ScheduleWakeup"`
}

// SendMessageToolResult is the tool_use_result of a SendMessage call.
type SendMessageToolResult struct {
	Success     bool            `json:"success"` // the message was delivered
	Message     string          `json:"message"` // what the model is told
	Routing     json.RawMessage `json:"routing"` // sender, target, summary and content of the message (CLI 2.1.37)
	Display     string          `json:"display"` // the delivery as shown to the user (CLI 2.1.330)
	objectState `wire:"tool=SendMessage"`
}

// TeamCreateToolResult is the tool_use_result of a TeamCreate call (CLI
// 2.1.37).
type TeamCreateToolResult struct {
	TeamName     string `json:"team_name"`      // the team's name
	TeamFilePath string `json:"team_file_path"` // the file describing the team
	LeadAgentID  string `json:"lead_agent_id"`  // the session's id in the team, team-lead@team
	objectState  `wire:"tool=TeamCreate"`
}

// TeamDeleteToolResult is the tool_use_result of a TeamDelete call (CLI
// 2.1.37).
type TeamDeleteToolResult struct {
	Success     bool   `json:"success"`   // the team was deleted
	Message     string `json:"message"`   // what the model is told
	TeamName    string `json:"team_name"` // the team's name
	objectState `wire:"tool=TeamDelete"`
}

// EnterWorktreeToolResult is the tool_use_result of an EnterWorktree call
// (CLI 2.1.330).
type EnterWorktreeToolResult struct {
	WorktreePath string `json:"worktreePath"` // the worktree the session now works in
	Message      string `json:"message"`      // what the model is told
	objectState  `wire:"tool=EnterWorktree"`
}

// ExitWorktreeToolResult is the tool_use_result of an ExitWorktree call
// (CLI 2.1.330).
type ExitWorktreeToolResult struct {
	Action             string `json:"action"`             // keep or remove
	OriginalCwd        string `json:"originalCwd"`        // the working folder before EnterWorktree
	WorktreePath       string `json:"worktreePath"`       // the worktree left
	DiscardedFiles     int64  `json:"discardedFiles"`     // uncommitted files removing it discarded
	DiscardedCommits   int64  `json:"discardedCommits"`   // unmerged commits removing it discarded
	RestoredCwd        string `json:"restoredCwd"`        // the working folder the session went back to
	OriginalCwdMissing bool   `json:"originalCwdMissing"` // the original working folder no longer exists
	Message            string `json:"message"`            // what the model is told
	objectState        `wire:"tool=ExitWorktree"`
}

// WorkflowToolResult is the tool_use_result of a Workflow call that
// started a run (CLI 2.1.330).
type WorkflowToolResult struct {
	Status        string `json:"status"`        // async_launched: the run goes on in the background
	TaskID        string `json:"taskId"`        // the background task of the run
	TaskType      string `json:"taskType"`      // the task type, local_workflow
	WorkflowName  string `json:"workflowName"`  // the name the script's meta gives
	RunID         string `json:"runId"`         // the run's id, wf_ and hex digits, to resume it with resumeFromRunId
	Summary       string `json:"summary"`       // the script's meta description
	TranscriptDir string `json:"transcriptDir"` // the folder of the run's transcripts (journal.jsonl)
	ScriptPath    string `json:"scriptPath"`    // the file the script was saved to, to run again with scriptPath
	objectState   `wire:"tool=Workflow"`
}

// TaskCreateToolResult is the tool_use_result of a TaskCreate call.
type TaskCreateToolResult struct {
	Task        ListedTask `json:"task"` // the task created: its id and subject (CLI 2.1.330: and description)
	objectState `wire:"tool=TaskCreate"`
}

// TaskGetToolResult is the tool_use_result of a TaskGet call.
type TaskGetToolResult struct {
	Task        ListedTask `json:"task"` // the task, with its description, status and dependencies
	objectState `wire:"tool=TaskGet"`
}

// TaskListToolResult is the tool_use_result of a TaskList call.
type TaskListToolResult struct {
	Tasks       []ListedTask `json:"tasks"` // the tasks of the list: id, subject, status and blockedBy
	objectState `wire:"tool=TaskList"`
}

// ListedTask is a task of the session's task list, as TaskCreate,
// TaskGet and TaskList report it; each reports only some members.
type ListedTask struct {
	ID          string   `json:"id"`          // the task's id, a number counted from 1 ("1")
	Subject     string   `json:"subject"`     // its title
	Description string   `json:"description"` // what it is about
	Status      string   `json:"status"`      // pending, in_progress or completed
	Blocks      []string `json:"blocks"`      // the ids of the tasks waiting for it
	BlockedBy   []string `json:"blockedBy"`   // the ids of the tasks it waits for
	objectState `wire:""`
}

// TaskUpdateToolResult is the tool_use_result of a TaskUpdate call.
type TaskUpdateToolResult struct {
	Success                 bool             `json:"success"`                 // the task was updated
	TaskID                  string           `json:"taskId"`                  // the task's id
	UpdatedFields           []string         `json:"updatedFields"`           // the members the call changed ("status"…)
	StatusChange            TaskStatusChange `json:"statusChange"`            // the status before and after, when the call changed it
	VerificationNudgeNeeded bool             `json:"verificationNudgeNeeded"` // the CLI will remind the model to verify the work once every task is done (CLI 2.1.100)
	Error                   string           `json:"error"`                   // why the update failed, with success false: a TaskCompleted hook's feedback ("TaskCompleted hook feedback:\n…")
	objectState             `wire:"tool=TaskUpdate"`
}

// TaskStatusChange is the status change a TaskUpdate call made.
type TaskStatusChange struct {
	From        string `json:"from"` // the status before
	To          string `json:"to"`   // the status after
	objectState `wire:""`
}

// TaskOutputToolResult is the tool_use_result of a TaskOutput call (CLI
// 2.1.37).
type TaskOutputToolResult struct {
	RetrievalStatus string         `json:"retrieval_status"` // success, or timeout when the task was still running when the wait ended
	Task            TaskOutputTask `json:"task"`             // the task and its output so far
	objectState     `wire:"tool=TaskOutput"`
}

// TaskOutputTask is the background task a TaskOutput call reports on.
type TaskOutputTask struct {
	TaskID      string `json:"task_id"`                  // the task's id
	TaskType    string `json:"task_type"`                // local_bash for a background Bash command
	Status      string `json:"status"`                   // running, completed…
	Description string `json:"description"`              // the description the task was started with
	Output      string `json:"output"`                   // the output so far
	ExitCode    int64  `json:"exitCode" wire:"nullable"` // the command's exit status; null while it runs
	objectState `wire:""`
}

// TaskStopToolResult is the tool_use_result of a TaskStop call that
// stopped a task; the tool_result text is the same object as JSON.
type TaskStopToolResult struct {
	Message     string `json:"message"`   // "Successfully stopped task: <id> (<command>)"
	TaskID      string `json:"task_id"`   // the task's id
	TaskType    string `json:"task_type"` // local_bash for a background Bash command
	Command     string `json:"command"`   // the command it ran
	objectState `wire:"tool=TaskStop"`
}

// CronDeleteToolResult is the tool_use_result of a CronDelete call that
// deleted a job (CLI 2.1.330).
type CronDeleteToolResult struct {
	ID          string `json:"id"` // the deleted job's id
	objectState `wire:"tool=CronDelete"`
}
