#include "dance/reduction.hpp"

namespace dance {

Encoding contradiction(std::string why) {
  dlx::ProblemBuilder b;
  b.add_primary("impossible");
  Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  encoding.contradiction = std::move(why);
  return encoding;
}

}  // namespace dance
