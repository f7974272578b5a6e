// The `dance` command line as a library (CMake target dance::cli), so that a
// program of one's own can add reductions to every command and option of
// `dance` without editing dance (examples/out-of-tree/):
//
//   int main(int argc, char** argv) {
//     static const my::LangfordReduction langford;
//     const dance::Reduction* const mine[] = {&langford};
//     return dance::cli::command_line(argc, argv, mine);
//   }
//
// Returns the exit status of `dance`: 0 a solution was found (or the command
// succeeded), 1 proven no solution, 2 usage or input error, 3 a limit or an
// interrupt stopped the search. Call it once, from the main thread: it sets
// a SIGINT handler and tunes malloc as `dance` does. The `extra` reductions
// follow the built-in ones in `list` and `--help`; their names must be new.
// The program speaks in its own name (argv[0]'s last part): "my-dance: ..."
// in messages and usage, "my-dance (dance 0.1.0)" for --version.
// An MPI run (mpirun -np P) is for the dance command itself: a program of
// one's own started so says so and exits with 2.
#pragma once

#include <span>

#include "dance/reduction.hpp"

namespace dance::cli {

int command_line(int argc, char** argv, std::span<const Reduction* const> extra = {});

}  // namespace dance::cli
