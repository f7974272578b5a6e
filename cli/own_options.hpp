// dance's own options (not a reduction's), one row each: the only place an
// option of the command line, or a field of dance serve's API, is declared.
// From the table come the parser (Boost), the help per command, which command
// takes which option (checked, not hand-written), the API's field map and the
// man page's test. A new option of dance's own is a row here and its field in
// Settings (settings.hpp), then its use.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <optional>
#include <type_traits>
#include <variant>
#include <vector>

#include "settings.hpp"

namespace dance::cli {

// A set of commands, one bit each.
class Commands {
 public:
  constexpr Commands(std::initializer_list<Command> commands) {
    for (const Command c : commands) bits_ |= bit(c);
  }
  [[nodiscard]] static constexpr Commands all() { return Commands(~0u); }
  [[nodiscard]] constexpr bool contains(Command c) const { return (bits_ & bit(c)) != 0; }
  [[nodiscard]] constexpr bool only(Command c) const { return bits_ == bit(c); }
  // "solve, count and generate"
  [[nodiscard]] std::string listed() const;

 private:
  constexpr explicit Commands(unsigned bits) : bits_(bits) {}
  static constexpr unsigned bit(Command c) { return 1u << static_cast<unsigned>(c); }
  unsigned bits_ = 0;
};

struct OwnOption {
  enum class Kind {
    action,   // present or not, no value, no field in Settings (--help, --progress)
    flag,     // a switch: bool
    whole,    // digits only, from lo to hi
    seconds,  // a number of seconds, 0 or more
    text,     // any string
    choice,   // one of `choices`
  };
  // Where its value goes: a field of the request (dance/request.hpp), which
  // dance serve sets too, or one the command line alone has (Settings).
  using Target = std::variant<std::monostate, bool Request::*, std::uint64_t Request::*, std::uint32_t Request::*,
                              std::optional<std::uint32_t> Request::*, double Request::*, std::string Request::*,
                              bool Settings::*, std::uint64_t Settings::*, std::uint32_t Settings::*,
                              std::string Settings::*>;

  std::string_view name;  // long: "solutions"
  char letter = 0;        // short: 'n'; 0: none
  Kind kind = Kind::action;
  Target target{};               // where its value goes in Settings
  std::string_view argument{};   // the value's name in the help ("N", "DIR")
  std::string_view help{};
  Commands commands = Commands::all();  // the commands that take it
  std::uint64_t lo = 0, hi = std::numeric_limits<std::uint64_t>::max();  // whole
  const std::vector<std::string_view>* choices = nullptr;                 // choice: its words (dance/request.hpp)
  // dance serve's field for it ("node_limit"); empty: no request may set it.
  // An endpoint takes the field when the command it runs (solve, generate) takes the option.
  std::string_view field{};
  std::string_view generate_field{};  // generate's name for it when another ("n")
  bool check_takes = false;         // /api/check takes it too
  std::optional<Job> job{};         // a flag that asks for this job (--count, --unique)

  [[nodiscard]] std::string dashed() const { return "--" + std::string(name); }
};

// The field an option's value goes to in `s`, handed to `use` (as a T&).
template <class Use>
void with_field(const OwnOption& option, Settings& s, Use&& use) {
  std::visit(
      [&](auto target) {
        if constexpr (!std::is_same_v<decltype(target), std::monostate>) use(s.*target);
      },
      option.target);
}
// The field in a request alone, when the option has one there.
template <class Use>
void with_request_field(const OwnOption& option, Request& r, Use&& use) {
  std::visit(
      [&]<class T>(T target) {
        if constexpr (std::is_member_object_pointer_v<T>) {
          if constexpr (requires { r.*target; }) use(r.*target);
        }
      },
      option.target);
}
// Whether the option's value is a field of the request (dance serve may set it).
[[nodiscard]] bool in_request(const OwnOption& option);

// A whole option's value in `s` (a value within its hi fits), and setting it.
[[nodiscard]] std::uint64_t whole_of(const OwnOption& option, const Settings& s);
void set_whole(const OwnOption& option, Request& r, std::uint64_t value);

// Every option of dance's own, in the order --help lists them.
const std::vector<OwnOption>& own_options();

}  // namespace dance::cli
