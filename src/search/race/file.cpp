#include "search/race/file.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "search/race/family.h"
#include "search/race/index.h"

namespace cc::race {
namespace {

constexpr std::array<char, 8> kMagic = {'C', 'C', 'R', 'A', 'C', 'E', '\0', '\0'};
constexpr size_t kRulesOffset = 40;
constexpr size_t kRulesBytes = 64;

template <typename T>
void put(std::array<char, kRaceHeaderBytes>& header, size_t at, T value) {
    std::memcpy(header.data() + at, &value, sizeof value);
}

template <typename T>
T get(const std::array<char, kRaceHeaderBytes>& header, size_t at) {
    T value{};
    std::memcpy(&value, header.data() + at, sizeof value);
    return value;
}

}  // namespace

uint64_t raceChecksum(const std::vector<uint8_t>& values) {
    uint64_t hash = 0xcbf29ce484222325ULL;
    for (const uint8_t value : values) hash = (hash ^ value) * 0x100000001b3ULL;
    return hash;
}

Expected<void> writeRaceFile(const std::string& path, int rows, const std::vector<uint8_t>& values,
                             std::string_view rules) {
    std::array<char, kRaceHeaderBytes> header{};
    std::copy(kMagic.begin(), kMagic.end(), header.begin());
    put<uint32_t>(header, 8, kRaceFileVersion);
    put<uint32_t>(header, 12, uint32_t(rows));
    put<uint32_t>(header, 16, uint32_t(kRacePieces));
    put<uint32_t>(header, 20, uint32_t(Family(rows).regionSize()));
    put<uint64_t>(header, 24, uint64_t(values.size()));
    put<uint64_t>(header, 32, raceChecksum(values));
    std::copy_n(rules.begin(), std::min(rules.size(), kRulesBytes - 1),
                header.begin() + kRulesOffset);
    const std::string partial = path + ".partial";
    {
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        out.write(header.data(), std::streamsize(header.size()));
        out.write(reinterpret_cast<const char*>(values.data()), std::streamsize(values.size()));
        if (!out) return Error{fmt::format("cannot write {}", partial)};
    }
    std::error_code failure;
    std::filesystem::rename(partial, path, failure);
    if (failure)
        return Error{fmt::format("cannot rename {} to {}: {}", partial, path, failure.message())};
    return {};
}

Expected<RaceFileContents> readRaceFile(const std::string& path) {
    std::error_code failure;
    if (std::filesystem::is_directory(path, failure))
        return Error{"is a folder, not a race table file"};
    const uintmax_t bytes = std::filesystem::file_size(path, failure);
    if (failure) return Error{fmt::format("cannot open: {}", failure.message())};
    std::ifstream in(path, std::ios::binary);
    std::array<char, kRaceHeaderBytes> header{};
    if (!in || !in.read(header.data(), std::streamsize(header.size())))
        return Error{"truncated: shorter than the 128-byte header"};
    if (!std::equal(kMagic.begin(), kMagic.end(), header.begin()))
        return Error{"not a race table (bad magic)"};
    if (const auto version = get<uint32_t>(header, 8); version != kRaceFileVersion)
        return Error{fmt::format("version {}, this build reads {}", version, kRaceFileVersion)};
    const std::string rules(header.data() + kRulesOffset,
                            strnlen(header.data() + kRulesOffset, kRulesBytes));
    if (rules != kRaceRules)
        return Error{fmt::format("made for rules '{}', this build counts '{}'", rules, kRaceRules)};
    const auto rows = int(get<uint32_t>(header, 12));
    if (rows < kMinFamilyRows || rows > kMaxFamilyRows ||
        get<uint32_t>(header, 16) != uint32_t(kRacePieces) ||
        get<uint32_t>(header, 20) != uint32_t(Family(rows).regionSize()))
        return Error{"a family this build does not know"};
    const uint64_t entries = PlacementIndex(Family(rows).regionSize(), kRacePieces).size();
    if (get<uint64_t>(header, 24) != entries)
        return Error{
            fmt::format("holds {} values, its family has {}", get<uint64_t>(header, 24), entries)};
    if (bytes != kRaceHeaderBytes + entries)
        return Error{fmt::format("{} bytes, expected {} (truncated or padded)", bytes,
                                 kRaceHeaderBytes + entries)};
    RaceFileContents contents;
    contents.rows = rows;
    contents.values.resize(entries);
    if (!in.read(reinterpret_cast<char*>(contents.values.data()), std::streamsize(entries)))
        return Error{"truncated while reading"};
    if (raceChecksum(contents.values) != get<uint64_t>(header, 32))
        return Error{"corrupt: the checksum does not match"};
    return contents;
}

}  // namespace cc::race
