// Package tetravex solves GNOME Tetravex (UVa 1302, ZOJ 1008): n×n square
// cards, each with a number on every edge, are to be laid on an n×n board,
// never turned, so that touching edges show the same number.
//
// Game.Judge answers "Game k: Possible" or "Game k: Impossible" for every
// game of a judge input. Solve also returns a placement and counts the
// solutions up to two, telling solutions apart as pictures (swapping two
// identical cards is not another solution). The verdicts are exact; the
// search is exponential in the worst case, and some 7×7 and 8×8 puzzles
// with few distinct values (six or so) take minutes or more, so every
// search takes a context to stop it and reports its progress in nodes.
//
// For play, Game.Generate deals a puzzle by size, level and seed, and
// Game.Hint gives the next step from a player's board (see ParsePosition).
package tetravex
