// Package ships solves and plays the ships puzzle: seven ships, the
// tetrominoes O, S, Z, L, J, T and I, each at most once, turned but never
// mirrored, hide on a board of at most 20x20 cells; they may touch but not
// overlap. The shooter sees hits ('x'), misses ('o') and cells not shot yet
// ('.').
//
// The judge question (Game.Judge) is whether the remaining ship cells can
// surely be found with at most one more miss; its answers are exact.
// Game.Solve adds what the page draws: the fleets that fit, each cell's
// share of them and a suggested shot (sampled, and so approximate, when
// there are too many fleets to list). For play mode, Game.Generate hides a
// random fleet, Game.Hint suggests a shot from the shooter's view alone,
// and Replay tells, shot by shot, when one more miss was guaranteed.
package ships
