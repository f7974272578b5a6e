#include "settings.hpp"

#include <boost/program_options.hpp>
#include <sstream>

#include "dance/generator.hpp"
#include "dance/reduction.hpp"

namespace po = boost::program_options;

namespace dance::cli {
namespace {

constexpr const char* usage =
    "Usage:\n"
    "  dance solve REDUCTION [FILE|-] [options]   find solutions (stdin by default; a file may hold\n"
    "                                             a batch, e.g. one sudoku per line)\n"
    "  dance count REDUCTION [FILE|-] [options]   count all solutions\n"
    "  dance emit REDUCTION [FILE|-]              print the exact cover problem in Knuth's format\n"
    "  dance generate PUZZLE [options]            puzzles with exactly one solution, one per line\n"
    "                                             (-n puzzles, reproducible from --seed)\n"
    "  dance list                                 list the reductions (and which generate puzzles)\n"
    "\n"
    "Exit status: 0 a solution was found (or the command succeeded), 1 proven no\n"
    "solution, 2 usage or input error, 3 a limit or an interrupt (Ctrl-C) stopped\n"
    "the search before an answer. For a batch, the worst of its instances: 2, then 3,\n"
    "then 1.\n";

po::options_description option_table(Settings& s) {
  po::options_description table("Options");
  table.add_options()
      ("help,h", "show this help")
      ("solutions,n", po::value(&s.solutions)->default_value(1),
       "solutions to print, 0 = all (for a line-per-puzzle reduction such as sudoku: their number); "
       "generate: puzzles to make")
      ("count", po::bool_switch(&s.count), "count the solutions instead of printing them (like `count`)")
      ("unique", po::bool_switch(&s.unique), "stop at a second solution and say unique, multiple or none")
      ("time-limit,t", po::value(&s.time_limit)->default_value(0), "stop after SECONDS of search per instance, 0 = none")
      ("node-limit", po::value(&s.node_limit)->default_value(0), "stop after N search nodes per instance, 0 = none")
      ("seed", po::value(&s.seed)->default_value(0),
       "randomise item and option order reproducibly; 0 = input order. generate: each seed its own puzzles")
      ("threads,j", po::value(&s.threads)->default_value(1),
       "threads for a batch of instances or generated puzzles (output stays in order); 0 = all cores")
      ("stats", po::bool_switch(&s.stats), "print search statistics to stderr")
      ("verify", po::bool_switch(&s.verify), "check every answer with the reduction's independent verifier")
      ("quiet,q", po::bool_switch(&s.quiet), "print no solutions; only the exit status tells")
      ("box", po::value(&s.model.box), "sudoku: boxes of R rows and C columns, e.g. 3x4 (default: the squarest)")
      ("diagonals", po::bool_switch(&s.model.diagonals), "sudoku: X-sudoku, both main diagonals hold every value")
      ("jigsaw", po::bool_switch(&s.model.jigsaw), "sudoku: each puzzle is followed by its map of regions")
      ("format", po::value(&s.model.format), "sudoku: write answers as a line or a grid (default: as the input)")
      ("size", po::value(&s.model.size), "generate: puzzle size, e.g. 16 for a 16x16 sudoku (default 9)")
      ("symmetry", po::value(&s.symmetry)->default_value("none"),
       "generate: clue symmetry none, rot180, rot90, mirror or diagonal")
      ("minimal", po::bool_switch(&s.minimal), "generate: no clue (orbit) can be taken away")
      ("clues", po::value(&s.clues)->default_value(0), "generate: exactly K clues, 0 = as removal leaves")
      ("difficulty", po::value(&s.difficulty),
       "generate: easy, medium, hard or fiendish, graded by the engine's search (docs/generate.md)")
      ("with-solution", po::bool_switch(&s.with_solution), "generate: the solution after the puzzle on its line");
  return table;
}

}  // namespace

Parsed parse(const std::vector<std::string>& args) {
  Settings s;
  const po::options_description table = option_table(s);
  po::options_description hidden;
  std::vector<std::string> positional;
  hidden.add_options()("positional", po::value(&positional));
  po::options_description all;
  all.add(table).add(hidden);
  po::positional_options_description pos;
  pos.add("positional", -1);

  std::ostringstream help;
  help << usage << '\n' << table;
  Parsed parsed;
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    parsed.message = std::string("dance: ") + e.what() + "\nTry 'dance --help'.\n";
    parsed.status = 2;
    return parsed;
  }
  if (vm.count("help") || positional.empty()) {
    parsed.message = help.str();
    parsed.status = positional.empty() && !vm.count("help") ? 2 : 0;
    return parsed;
  }
  const auto fail = [&parsed](const std::string& what) {
    parsed.message = "dance: " + what + "\nTry 'dance --help'.\n";
    parsed.status = 2;
    return parsed;
  };
  const auto given = [&vm](const char* option) { return vm.count(option) && !vm[option].defaulted(); };
  s.command = positional[0];
  if (s.command == "list") {
    if (positional.size() > 1) return fail("list takes no arguments");
  } else if (s.command == "solve" || s.command == "count" || s.command == "emit") {
    if (positional.size() < 2) return fail(s.command + " needs a REDUCTION (see 'dance list')");
    if (positional.size() > 3) return fail("too many arguments: " + positional[3]);
    s.reduction = positional[1];
    if (!find_reduction(s.reduction)) return fail("unknown reduction '" + s.reduction + "' (see 'dance list')");
    if (positional.size() == 3) s.input = positional[2];
  } else if (s.command == "generate") {
    if (positional.size() < 2) return fail("generate needs a PUZZLE (see 'dance list')");
    if (positional.size() > 2) return fail("too many arguments: " + positional[2]);
    s.reduction = positional[1];
    if (!find_reduction(s.reduction)) return fail("unknown puzzle '" + s.reduction + "' (see 'dance list')");
    if (s.solutions == 0) return fail("generate: -n must be at least 1");
    if (!parse_symmetry(s.symmetry)) return fail("--symmetry is none, rot180, rot90, mirror or diagonal; found '" + s.symmetry + "'");
    if (!s.difficulty.empty() && !parse_difficulty(s.difficulty))
      return fail("--difficulty is easy, medium, hard or fiendish; found '" + s.difficulty + "'");
    for (const char* solving : {"count", "unique", "time-limit", "node-limit"})
      if (given(solving))
        return fail(std::string("--") + solving + " is for solve and count, not generate");
  } else {
    return fail("unknown command '" + s.command + "'");
  }
  if (s.command != "generate")
    for (const char* generating : {"size", "symmetry", "minimal", "clues", "difficulty", "with-solution"})
      if (given(generating))
        return fail(std::string("--") + generating + " is for generate");
  if (s.command == "count") s.count = true;
  if (s.time_limit < 0) return fail("--time-limit must not be negative");
  parsed.settings = s;
  return parsed;
}

}  // namespace dance::cli
