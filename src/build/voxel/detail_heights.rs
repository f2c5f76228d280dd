//! Heights under one polygon for the detail stage (Recast's
//! `getHeightData` and `getHeight`): a patch of columns over the polygon's
//! box and one cell around it, holding the floor of the polygon's own
//! region where it has one, and elsewhere the floor reached from the region
//! through walkable connections (breadth first, in a fixed order). Reading
//! only the region and what it connects to keeps a floor above or below the
//! polygon (a bridge, another storey) out of its heights.

use std::collections::VecDeque;

use super::compact_heightfield::CompactHeightfield;
use super::span_filters::DIRECTIONS;

/// A column of the patch no floor reached.
const UNSET: u32 = u32::MAX;

/// Floor heights (cells above the heightfield's base) of a box of columns
/// in tile-local cells.
#[derive(Debug, Clone)]
pub(crate) struct HeightPatch {
    x0: i64,
    z0: i64,
    width: usize,
    depth: usize,
    heights: Vec<u32>,
}

impl HeightPatch {
    /// The patch of the polygon with `corners` (tile-local cells) from
    /// region `region` of `field`, whose floors carry `regions`.
    pub fn new(field: &CompactHeightfield, regions: &[u32], region: u32, corners: &[[i64; 3]]) -> HeightPatch {
        let border = field.border as i64;
        let (low, high) = (-border, field.width as i64 - border);
        let x0 = (corners.iter().map(|c| c[0]).min().unwrap_or(0) - 1).clamp(low, high);
        let z0 = (corners.iter().map(|c| c[2]).min().unwrap_or(0) - 1).clamp(low, high);
        let x1 = (corners.iter().map(|c| c[0]).max().unwrap_or(0) + 1).clamp(x0, high);
        let z1 = (corners.iter().map(|c| c[2]).max().unwrap_or(0) + 1).clamp(z0, high);
        let (width, depth) = ((x1 - x0) as usize, (z1 - z0) as usize);
        let mut patch = HeightPatch { x0, z0, width, depth, heights: vec![UNSET; width * depth] };
        let seeds = patch.copy_region(field, regions, region);
        patch.flood_from(field, seeds);
        patch
    }

    /// Heightfield column of patch cell (px, pz).
    fn column(&self, field: &CompactHeightfield, px: usize, pz: usize) -> usize {
        let border = field.border as i64;
        let (x, z) = (self.x0 + px as i64 + border, self.z0 + pz as i64 + border);
        z as usize * field.width + x as usize
    }

    /// Copies the region's floors (the lowest in a column, as Recast) and
    /// returns those with a walkable neighbour outside the region.
    fn copy_region(
        &mut self,
        field: &CompactHeightfield,
        regions: &[u32],
        region: u32,
    ) -> VecDeque<(usize, usize, usize)> {
        let mut seeds = VecDeque::new();
        for pz in 0..self.depth {
            for px in 0..self.width {
                let column = self.column(field, px, pz);
                let Some(s) = field.spans(column).find(|&s| regions[s] == region) else { continue };
                self.heights[pz * self.width + px] = field.floor[s];
                if (0..4).any(|dir| field.neighbour(s, dir).is_some_and(|n| regions[n] != region)) {
                    seeds.push_back((px, pz, s));
                }
            }
        }
        seeds
    }

    /// Fills unset columns from their connected neighbours, breadth first.
    fn flood_from(&mut self, field: &CompactHeightfield, mut queue: VecDeque<(usize, usize, usize)>) {
        while let Some((px, pz, s)) = queue.pop_front() {
            for (dir, (dx, dz)) in DIRECTIONS.iter().enumerate() {
                let Some(n) = field.neighbour(s, dir) else { continue };
                let (Some(nx), Some(nz)) = (px.checked_add_signed(*dx), pz.checked_add_signed(*dz)) else { continue };
                if nx >= self.width || nz >= self.depth || self.heights[nz * self.width + nx] != UNSET {
                    continue;
                }
                self.heights[nz * self.width + nx] = field.floor[n];
                queue.push_back((nx, nz, n));
            }
        }
    }

    /// The floor height in cells under tile-local point (x, z): the column
    /// holding it (clamped into the patch); when no floor reached that
    /// column, the one nearest `reference` in the nearest ring of columns
    /// around it within `radius` that has any (first in row order among
    /// equals); else `reference` itself.
    pub fn height_at(&self, x: f64, z: f64, reference: f64, radius: i64) -> f64 {
        if self.heights.is_empty() {
            return reference;
        }
        let px = (x.floor() as i64 - self.x0).clamp(0, self.width as i64 - 1);
        let pz = (z.floor() as i64 - self.z0).clamp(0, self.depth as i64 - 1);
        let at = |cx: i64, cz: i64| -> Option<u32> {
            let inside = (0..self.width as i64).contains(&cx) && (0..self.depth as i64).contains(&cz);
            inside.then(|| self.heights[cz as usize * self.width + cx as usize]).filter(|&h| h != UNSET)
        };
        if let Some(h) = at(px, pz) {
            return f64::from(h);
        }
        for ring in 1..=radius {
            let mut best: Option<f64> = None;
            for dz in -ring..=ring {
                for dx in -ring..=ring {
                    if dx.abs().max(dz.abs()) != ring {
                        continue;
                    }
                    let Some(h) = at(px + dx, pz + dz).map(f64::from) else { continue };
                    if best.is_none_or(|b| (h - reference).abs() < (b - reference).abs()) {
                        best = Some(h);
                    }
                }
            }
            if let Some(h) = best {
                return h;
            }
        }
        reference
    }
}
