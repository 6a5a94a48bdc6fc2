// The wizard form's browser side (vance_ui/web/form/), loaded on every page by
// vance_ui/web/shell/theme.py. The server names these functions in a prop and passes the data as
// JSON arguments; nothing here is assembled from Python strings.

// A date picker's `options` (QDate): the days from `lowest` to `highest`, both "YYYY/MM/DD" (QDate's
// own format, which compares as text), are offered; the others are shown but cannot be picked.
function vanceDaysWithin(lowest, highest) {
  return (day) => day >= lowest && day <= highest;
}
