#pragma once
// The shape of the moves-to-finish estimate's fitted networks (estimate.h): the weights
// are data, written by scripts/analysis/moves-estimate-fit.py into estimate_network.h.

#include <algorithm>
#include <array>
#include <cstddef>

namespace cc::race {

// One hidden layer of rectified units over inputs standardized by the fitting rows'
// mean and spread.
template <size_t Inputs, size_t Hidden>
struct EstimateNetwork {
    std::array<float, Inputs> mean;
    std::array<float, Inputs> scale;
    std::array<float, Inputs * Hidden> weights;  // hidden unit after hidden unit
    std::array<float, Hidden> bias;
    std::array<float, Hidden> output;
    float outputBias;

    [[nodiscard]] float operator()(const std::array<float, Inputs>& inputs) const {
        std::array<float, Inputs> standard{};
        for (size_t input = 0; input < Inputs; ++input)
            standard[input] = (inputs[input] - mean[input]) / scale[input];
        float sum = outputBias;
        for (size_t unit = 0; unit < Hidden; ++unit) {
            float activation = bias[unit];
            for (size_t input = 0; input < Inputs; ++input)
                activation += weights[unit * Inputs + input] * standard[input];
            sum += output[unit] * std::max(0.0F, activation);
        }
        return sum;
    }
};

// Networks fitted from different starting weights; the estimate is their mean.
template <size_t Inputs, size_t Hidden, size_t Count>
struct EstimateNetworks {
    std::array<EstimateNetwork<Inputs, Hidden>, Count> networks;

    [[nodiscard]] float operator()(const std::array<float, Inputs>& inputs) const {
        float sum = 0.0F;
        for (const auto& network : networks) sum += network(inputs);
        return sum / float(Count);
    }
};

}  // namespace cc::race
