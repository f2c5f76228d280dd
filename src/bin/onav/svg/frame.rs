//! Where the world lands on the canvas: X to the right, Z up (the SVG y
//! axis points down, so Z is flipped), the larger side of the mesh
//! [`DRAWING_SIZE`] pixels long, and line widths that suit the polygon size.

/// Pixels of the longer side of the drawing.
pub const DRAWING_SIZE: f64 = 1000.0;
/// Pixels of empty border round the drawing.
pub const MARGIN: f64 = 20.0;

pub struct Frame {
    min: [f64; 2],
    max: [f64; 2],
    scale: f64,
    /// Typical polygon side in pixels, for line widths.
    polygon_px: f64,
}

impl Frame {
    /// A frame over `extent` (a unit square at the origin when nothing is
    /// drawn) for `polygon_count` polygons.
    pub fn new(extent: Option<([f64; 2], [f64; 2])>, polygon_count: usize) -> Frame {
        let (min, max) = extent.unwrap_or(([0.0, 0.0], [1.0, 1.0]));
        let longer = (max[0] - min[0]).max(max[1] - min[1]);
        let scale = if longer > 0.0 { DRAWING_SIZE / longer } else { 1.0 };
        let drawn_area = (max[0] - min[0]) * (max[1] - min[1]) * scale * scale;
        let polygon_px = (drawn_area / polygon_count.max(1) as f64).sqrt();
        Frame { min, max, scale, polygon_px }
    }

    /// Canvas position of world (x, z).
    pub fn point(&self, p: [f64; 2]) -> [f64; 2] {
        [MARGIN + (p[0] - self.min[0]) * self.scale, MARGIN + (self.max[1] - p[1]) * self.scale]
    }

    /// Canvas width and height of the drawing, margins included.
    pub fn size(&self) -> [f64; 2] {
        [
            2.0 * MARGIN + (self.max[0] - self.min[0]) * self.scale,
            2.0 * MARGIN + (self.max[1] - self.min[1]) * self.scale,
        ]
    }

    /// Polygon outlines: visible between neighbours, never wider than a
    /// small fraction of a polygon, so thousands of polygons stay readable.
    pub fn outline_width(&self) -> f64 {
        (self.polygon_px / 25.0).clamp(0.1, 0.6)
    }

    /// Portal segments: bolder than outlines, still thin beside a polygon.
    pub fn portal_width(&self) -> f64 {
        (self.polygon_px / 8.0).clamp(0.4, 2.5)
    }
}

/// A canvas number with two decimals: enough for the eye, and the same
/// bytes for the same mesh.
pub fn px(v: f64) -> String {
    format!("{v:.2}")
}
