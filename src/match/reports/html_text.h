#pragma once
// Text for ccmatch's HTML report (protocol-spec/match.md, "Report").

#include <string>
#include <string_view>

namespace cc::match {

// `text` with <, >, & and " as HTML entities.
std::string escapeHtml(std::string_view text);

}  // namespace cc::match
