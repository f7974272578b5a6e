// my-dance: dance's whole command line, with a reduction of its own.
#include "dance/cli.hpp"
#include "langford.hpp"

int main(int argc, char** argv) {
  static const my::LangfordReduction langford;
  const dance::Reduction* const mine[] = {&langford};
  return dance::cli::command_line(argc, argv, mine);
}
