package sitegen

import "testing"

func TestExercisesText(t *testing.T) {
	for _, tt := range []struct {
		lang string
		n    int
		want string
	}{{"en", 0, ""}, {"en", 1, "1 exercise"}, {"en", 2, "2 exercises"}, {"zh", 2, "练习 2 道"}, {"fr", 1, "1 exercise"}} {
		if got := exercisesText(tt.lang, tt.n); got != tt.want {
			t.Errorf("exercisesText(%s, %d) = %q, want %q", tt.lang, tt.n, got, tt.want)
		}
	}
}
