// dance's own options (not a reduction's), one row each: the only place an
// option of the command line, or a field of dance serve's API, is declared.
// From the table come the command line's parser (Boost), the help per
// command, which command takes which option (checked, not hand-written), the
// API's field map and the man page's test. It lives in the driver so that
// every face reads it without the command line. A new option of dance's own
// is a row here and its field in Request (dance/request.hpp), or, for one
// only the command line has, in cli::Settings (bound in cli/settings.cpp).
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <optional>
#include <type_traits>
#include <variant>
#include <vector>

#include "dance/request.hpp"

namespace dance {

// dance's commands, each named on the command line as written here (the
// server's endpoints run solve and generate).
enum class Command { solve, count, emit, split, generate, list, serve };
inline constexpr Command every_command[] = {Command::solve,    Command::count, Command::emit, Command::split,
                                            Command::generate, Command::list,  Command::serve};
[[nodiscard]] std::string_view name_of(Command command);
[[nodiscard]] std::optional<Command> command_named(std::string_view name);

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
    action,   // present or not, no value, no field (--help, --progress)
    flag,     // a switch: bool
    whole,    // digits only, from lo to hi
    seconds,  // a number of seconds, 0 or more
    text,     // any string
    choice,   // one of `choices`
  };
  // Where its value goes: a field of the request (dance/request.hpp), which
  // every face sets; none for an action, a job's flag (`job`) and an option
  // only the command line has (cli::Settings binds those by name).
  using Target = std::variant<std::monostate, bool Request::*, std::uint64_t Request::*, std::uint32_t Request::*,
                              std::optional<std::uint32_t> Request::*, double Request::*, std::string Request::*,
                              std::optional<std::string> Request::*>;

  std::string_view name;  // long: "solutions"
  char letter = 0;        // short: 'n'; 0: none
  Kind kind = Kind::action;
  Target target{};               // where its value goes in a Request
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
  std::string_view keyword{};       // Python's keyword for it ("seconds"); empty: Python has none

  [[nodiscard]] std::string dashed() const { return "--" + std::string(name); }
};

// The option's field in a request, when it has one there, handed to `use` (as a T&).
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

// Setting a whole option's value (one within its hi fits its field).
void set_whole(const OwnOption& option, Request& r, std::uint64_t value);
// A whole option's value in the request; nothing when its field is unset (--depth not given).
[[nodiscard]] std::optional<std::uint64_t> whole_value(const OwnOption& option, const Request& r);

// The one check of a whole value against its row's range, for every face
// (validate(), the command line's own fields, Python's numbers no field can
// hold): "--memo-mib is from 1 to 16777216", "--threads is at most 1024",
// "--max-connections must be at least 1"; nothing when within.
enum class Held { yes, below, above };  // below, above: a value no field holds (Python's memo_mib=-1, 2**64)
[[nodiscard]] std::optional<std::vector<MessagePart>> outside_range(const OwnOption& option, std::uint64_t value,
                                                                    Held held = Held::yes);

// Every option of dance's own, in the order --help lists them.
const std::vector<OwnOption>& own_options();

}  // namespace dance
