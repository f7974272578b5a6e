// Helpers that several test files share: a file's text, the instances a
// reduction reads, the parse error it raises, the first verified answer as
// printed, and whether a text is one well-formed SVG picture.
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dance/reduction.hpp"
#include "dlx/problem.hpp"

namespace dance::test {

// The whole text of the file at `path`; REQUIREs that it opens.
std::string text_of(const std::string& path);

// The exact cover problem in Knuth's format in the file at `path`; REQUIREs that it opens.
dlx::Problem knuth_problem(const std::string& path);
// ... in data/xcc/NAME.
dlx::Problem xcc_problem(const std::string& name);

// Every instance that `reduction` reads from the input.
std::vector<std::unique_ptr<Instance>> read_all(const Reduction& reduction, std::istream& in, const ModelOptions& options = {});
std::vector<std::unique_ptr<Instance>> read_all(const Reduction& reduction, const std::string& text,
                                                const ModelOptions& options = {});

// The input's first instance; REQUIREs one.
std::unique_ptr<Instance> read_one(const Reduction& reduction, std::istream& in, const ModelOptions& options = {});
std::unique_ptr<Instance> read_one(const Reduction& reduction, const std::string& text, const ModelOptions& options = {});

// The message of the first parse error in reading every instance of `text`, or "no error".
std::string parse_error(const Reduction& reduction, const std::string& text, const ModelOptions& options = {});

// The first answer (verified: first_answer) as the reduction prints it.
std::string solved(const Reduction& reduction, const Instance& instance);

// What is wrong with `text` as one XML document whose root is <svg>; nothing
// when it is well formed (tags balanced, attributes quoted, text without a
// bare & or >).
std::optional<std::string> not_one_svg(const std::string& text);

}  // namespace dance::test
