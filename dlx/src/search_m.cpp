// The search loop compiled for Algorithm M: multiplicities, with and without colours.
#include "search.hpp"

namespace dlx {

template class Search<false, true>;
template class Search<true, true>;

}  // namespace dlx
