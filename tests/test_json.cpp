// --format json: every reduction's answer as a JSON value that its schema
// (docs/schemas/NAME.json) admits, and that says what the text format says
// (read back from the text by hand, not from the same code); the driver's
// JSON Lines, one object per instance, with status, count and verdict.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "dance/json_lines.hpp"
#include "dance/reduction.hpp"
#include "verified_count.hpp"

using namespace dance;
using nlohmann::json;

namespace {

json read_json(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  return json::parse(in);
}

// The text of a file of dance's tree.
std::string text_of(const std::string& path) {
  std::ifstream in(std::string(DANCE_SOURCE_DIR) + "/" + path);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// What is wrong with `value` under the parts of JSON Schema the schemas use
// (type, enum, properties, required, additionalProperties, items, minItems,
// maxItems, minimum); nothing when it passes.
std::optional<std::string> refused(const json& schema, const json& value, const std::string& at = "answer") {
  if (schema.contains("type")) {
    const auto is = [&value](const std::string& type) {
      return type == "object"    ? value.is_object()
             : type == "array"   ? value.is_array()
             : type == "string"  ? value.is_string()
             : type == "boolean" ? value.is_boolean()
             : type == "integer" ? value.is_number_integer()
             : type == "null"    ? value.is_null()
                                 : false;
    };
    const json& type = schema["type"];
    bool any = false;
    for (const json& t : type.is_array() ? type : json::array({type})) any = any || is(t.get<std::string>());
    if (!any) return at + " is not " + type.dump();
  }
  if (schema.contains("enum") && std::find(schema["enum"].begin(), schema["enum"].end(), value) == schema["enum"].end())
    return at + " is none of " + schema["enum"].dump();
  if (schema.contains("minimum") && value.is_number() && value.get<double>() < schema["minimum"].get<double>())
    return at + " is below " + schema["minimum"].dump();
  if (value.is_object()) {
    for (const json& name : schema.value("required", json::array()))
      if (!value.contains(name.get<std::string>())) return at + " has no " + name.get<std::string>();
    const json properties = schema.value("properties", json::object());
    for (const auto& [name, field] : value.items()) {
      if (!properties.contains(name)) {
        if (!schema.value("additionalProperties", true)) return at + " has " + name + ", which the schema does not name";
        continue;
      }
      if (auto wrong = refused(properties[name], field, at + "." + name)) return wrong;
    }
  }
  if (value.is_array()) {
    if (schema.contains("minItems") && value.size() < schema["minItems"].get<std::size_t>()) return at + " is too short";
    if (schema.contains("maxItems") && value.size() > schema["maxItems"].get<std::size_t>()) return at + " is too long";
    if (schema.contains("items"))
      for (std::size_t k = 0; k < value.size(); ++k)
        if (auto wrong = refused(schema["items"], value[k], at + "[" + std::to_string(k) + "]")) return wrong;
  }
  return std::nullopt;
}

// The first answer to `input`: as JSON, checked against the reduction's schema, and in `format`.
struct Both {
  json value;
  std::string text;
};

Both solved(const std::string& name, const std::string& input, const ModelOptions& options = {},
            std::string_view format = "text") {
  const Reduction& reduction = *find_reduction(name);
  std::istringstream in(input);
  const auto instance = reduction.reader(in, options)->next();
  REQUIRE(instance);
  const auto answer = test::first_answer(reduction, *instance);
  Both both{json::parse(render(reduction, "json", *instance, *answer)), render(reduction, format, *instance, *answer)};
  INFO(name << ": " << both.value.dump());
  const json schema = read_json(std::string(DANCE_SOURCE_DIR) + "/docs/schemas/" + name + ".json");
  CHECK(refused(schema, both.value) == std::nullopt);
  return both;
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> all;
  for (std::string word; in >> word;) all.push_back(word);
  return all;
}

// Rows of numbers as the path puzzles' and sudoku's text writes them (a hole 'x' as null).
json rows_of(const std::string& text, std::size_t width) {
  json rows = json::array();
  const auto all = words(text);
  for (std::size_t k = 0; k < all.size(); ++k) {
    if (k % width == 0) rows.push_back(json::array());
    rows.back().push_back(all[k] == "x" ? json(nullptr) : json(std::stoi(all[k])));
  }
  return rows;
}

}  // namespace

TEST_CASE("the schema check refuses what the schema does not admit") {
  const json schema = read_json(std::string(DANCE_SOURCE_DIR) + "/docs/schemas/hamilton.json");
  CHECK(refused(schema, json{{"vertices", {"a", "b"}}, {"cycle", false}}) == std::nullopt);
  CHECK(refused(schema, json{{"vertices", {"a", "b"}}}));
  CHECK(refused(schema, json{{"vertices", {"a", 2}}, {"cycle", false}}));
  CHECK(refused(schema, json{{"vertices", {}}, {"cycle", false}, {"extra", 1}}));
  CHECK(refused(read_json(std::string(DANCE_SOURCE_DIR) + "/docs/schemas/queens.json"), json{{"columns", {0, 1}}}));
}

TEST_CASE("every reduction has text and json, and a schema for its answers") {
  for (const Reduction* r : reductions()) {
    INFO(r->name());
    const auto formats = r->formats();
    REQUIRE(formats.size() >= 2);
    CHECK(formats.front().name == "text");
    CHECK(formats.back().name == "json");
    for (const Format& f : formats) CHECK(r->presenter(f.name));
    CHECK_THROWS_WITH(r->presenter("xml"), Catch::Contains("found 'xml'") && Catch::Contains(" or json"));
    CHECK(std::ifstream(std::string(DANCE_SOURCE_DIR) + "/docs/schemas/" + std::string(r->name()) + ".json"));
  }
}

TEST_CASE("json: each reduction's answer (--format json) says what its text says") {
  SECTION("sudoku: rows of numbers") {
    const Both s = solved("sudoku", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n");
    std::string digits;
    for (const json& row : s.value["rows"])
      for (const json& v : row) digits += std::to_string(v.get<int>());
    CHECK(digits + "\n" == s.text);
  }
  SECTION("range: black and white") {
    const Both r = solved("range", "9x6:f3m9b9a6_8_12_11a8b9m11f\n", {}, "grid");
    const auto cells = words(r.text);
    REQUIRE(cells.size() == 54);
    REQUIRE(r.value["black"].size() == 6);
    for (std::size_t k = 0; k < cells.size(); ++k) CHECK(r.value["black"][k / 9][k % 9].get<bool>() == (cells[k] == "#"));
  }
  SECTION("queens: a column per row") {
    const Both q = solved("queens", "", ModelOptions().set("size", "8"));
    const auto rows = words(q.text);
    REQUIRE(q.value["columns"].size() == 8);
    for (std::size_t k = 0; k < rows.size(); ++k)
      CHECK((rows[k] == "Q") == (q.value["columns"][k / 8].get<std::size_t>() == k % 8 + 1));
  }
  SECTION("polyomino: each piece's cells") {
    const Both p = solved("polyomino", text_of("examples/pentominoes6x10.txt"));
    std::vector<std::string> rows;
    std::istringstream lines(p.text);
    for (std::string line; std::getline(lines, line);) rows.push_back(line);
    CHECK(p.value["placements"].size() == 12);
    std::size_t cells = 0;
    for (const json& placement : p.value["placements"]) {
      for (const json& cell : placement["cells"]) {
        CHECK(rows.at(cell[0].get<std::size_t>() - 1).at(cell[1].get<std::size_t>() - 1) == placement["piece"].get<std::string>()[0]);
        ++cells;
      }
    }
    CHECK(cells == 60);
  }
  SECTION("clique and independent-set: the vertices") {
    const std::string square = "a b\nb c\nc d\nd a\na c\n";
    const Both c = solved("clique", square, ModelOptions().set("k", "3"));
    std::vector<std::string> said = words(c.text);
    said.erase(said.begin());  // yes:
    CHECK(c.value["vertices"] == json(said));
    const Both i = solved("independent-set", square, ModelOptions().set("k", "2"));
    CHECK(i.value["vertices"] == json{"b", "d"});
  }
  SECTION("hamilton: the vertices in order, and whether they close a cycle") {
    const Both cycle = solved("hamilton", "a b\nb c\nc d\nd a\na c\n");
    auto said = words(cycle.text);
    CHECK(cycle.value["cycle"] == true);
    CHECK(said.front() == said.back());  // the text writes the first vertex again
    said.pop_back();
    CHECK(cycle.value["vertices"] == json(said));
    const Both path = solved("hamilton", "x\"1 y\ny z\\w\n", ModelOptions().set("path"));
    CHECK(path.value["cycle"] == false);
    CHECK(path.value["vertices"] == json(words(path.text)));
  }
  SECTION("xcc: the options chosen, by index and by items") {
    const Both x = solved("xcc", text_of("examples/knuth_toy.dlx"));
    std::vector<std::string> lines;
    std::istringstream said(x.text);
    for (std::string line; std::getline(said, line);) lines.push_back(line);
    REQUIRE(x.value["options"].size() == lines.size());
    for (std::size_t k = 0; k < lines.size(); ++k) CHECK(x.value["options"][k]["items"] == json(words(lines[k])));
    CHECK(x.value["options"][0]["index"].is_number_unsigned());
  }
  SECTION("signpost, numbrix and hidato: every cell's number, holes null") {
    const Both s = solved("signpost", "4x4:deg16acbga1bdahbbbg\n");
    CHECK(s.value["rows"] == rows_of(s.text, 4));
    const Both n = solved("numbrix", "1 . 3\n. . .\n7 . 9\n");
    CHECK(n.value["rows"] == rows_of(n.text, 3));
    const Both h = solved("hidato", "1 . x\n. . 5\n");
    CHECK(h.value["rows"] == rows_of(h.text, 3));
    CHECK(h.value["rows"][0][2].is_null());
  }
}

TEST_CASE("JSON Lines: one object per instance of a batch, with its status") {
  const Reduction& queens = *find_reduction("queens");
  const auto lines_of = [&](RunSpec spec, const std::string& input) {
    Session session(queens, spec);
    std::istringstream in(input);
    const auto reader = queens.reader(in, ModelOptions());
    std::ostringstream out;
    JsonLines lines(queens, session.spec(), out);
    const std::atomic<bool> interrupt{false};
    (void)session.run(*reader, lines, interrupt);
    std::vector<json> all;
    std::istringstream written(out.str());
    for (std::string line; std::getline(written, line);) all.push_back(json::parse(line));
    const json result = read_json(std::string(DANCE_SOURCE_DIR) + "/docs/schemas/result.json");
    for (const json& one : all) CHECK(refused(result, one, "line") == std::nullopt);
    return all;
  };
  const auto solved = lines_of({}, "4\n2\nx\n1\n");
  REQUIRE(solved.size() == 4);
  CHECK(solved[0] == json::parse(R"({"status": "found", "answer": {"columns": [2, 4, 1, 3]}})"));
  CHECK(solved[1] == json::parse(R"({"status": "none"})"));
  CHECK(solved[2]["status"] == "error");
  CHECK(solved[2]["error"]["code"] == "parse_error");
  CHECK(solved[2]["error"]["line"] == 3);
  CHECK(solved[2]["error"]["column"] == 1);
  CHECK(solved[3]["answer"]["columns"] == json{1});

  RunSpec count;
  count.task = Task::count;
  const auto counted = lines_of(count, "8\n3\n");
  CHECK(counted[0] == json::parse(R"({"status": "found", "count": 92, "complete": true})"));
  CHECK(counted[1]["status"] == "none");
  CHECK(counted[1]["count"] == 0);

  RunSpec unique;
  unique.task = Task::unique;
  unique.first_too = true;
  const auto verdicts = lines_of(unique, "1\n4\n");
  CHECK(verdicts[0]["unique"] == true);
  CHECK(verdicts[0]["answer"]["columns"] == json{1});
  CHECK(verdicts[1]["unique"] == false);

  RunSpec limited;
  limited.node_limit = 5;
  const auto stopped = lines_of(limited, "30\n");
  CHECK(stopped[0] == json::parse(R"({"status": "stopped", "stopped_by": "node limit"})"));

  RunSpec all;
  all.solutions = 0;
  const auto answers = lines_of(all, "4\n");
  CHECK(answers[0]["answers"].size() == 2);
}

TEST_CASE("JSON Lines: an optimum cut short by a limit says its answer is the best so far") {
  const Reduction& clique = *find_reduction("clique");
  const auto line_of = [&](RunSpec spec) {
    Session session(clique, spec);
    std::ifstream in(std::string(DANCE_SOURCE_DIR) + "/data/graphs/clique/brock200_1.clq");
    const auto reader = clique.reader(in, ModelOptions().set("max"));
    std::ostringstream out;
    JsonLines lines(clique, session.spec(), out);
    const std::atomic<bool> interrupt{false};
    (void)session.run(*reader, lines, interrupt);
    const json line = json::parse(out.str());
    CHECK(refused(read_json(std::string(DANCE_SOURCE_DIR) + "/docs/schemas/result.json"), line, "line") == std::nullopt);
    return line;
  };
  RunSpec limited;
  limited.node_limit = 50;
  const json cut = line_of(limited);
  CHECK(cut["status"] == "found");
  CHECK(cut["stopped_by"] == "node limit");
  CHECK(cut["best_so_far"] == true);
  CHECK(cut["answer"]["vertices"].size() < 21);  // brock200_1's largest clique has 21
  const json whole = line_of({});
  CHECK(whole["answer"]["vertices"].size() == 21);
  CHECK_FALSE(whole.contains("best_so_far"));
}
