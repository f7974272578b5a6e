// The search loop compiled for Algorithm C: colours.
#include "search.hpp"

namespace dlx {

template class Search<true, false>;

}  // namespace dlx
