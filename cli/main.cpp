// dance: exact cover and the puzzles it solves. See `dance --help`.
#include "cluster.hpp"

int main(int argc, char** argv) { return dance::cli::command_line(argc, argv, {}, dance::cli::join_cluster); }
