//! DetourCrowd's side of the crowd table: a `dtCrowd` of exactly the
//! scenario's agent count (`maxAgents`) and the agents' radius
//! (`maxAgentRadius`), RecastDemo's avoidance settings, each target's
//! polygon found with the filter every table uses.

use recastnavigation_sys::{dtPolyRef, dtQueryFilter};

use crate::crowd_params::{detour_params, AGENT_RADIUS, DT};
use crate::crowd_placement::Placement;
use crate::crowd_side::CrowdSide;
use crate::detour_crowd::DetourCrowd;
use crate::detour_mesh::DetourMesh;
use crate::detour_query::DetourQuery;
use crate::query_round::HALF_EXTENTS;

/// The target query only finds nearest polygons, which search no nodes.
const NEAREST_ONLY_NODES: i32 = 64;

pub struct DetourCrowdSide<'m> {
    mesh: &'m DetourMesh,
    query: DetourQuery<'m>,
    filter: dtQueryFilter,
    crowd: Option<DetourCrowd<'m>>,
    indices: Vec<i32>,
}

impl<'m> DetourCrowdSide<'m> {
    pub fn new(mesh: &'m DetourMesh) -> Result<DetourCrowdSide<'m>, String> {
        Ok(DetourCrowdSide {
            mesh,
            query: DetourQuery::new(mesh, NEAREST_ONLY_NODES)?,
            filter: dtQueryFilter { m_areaCost: [1.0; 64], m_includeFlags: 0xFFFF, m_excludeFlags: 0 },
            crowd: None,
            indices: Vec::new(),
        })
    }

    fn target_poly(&self, target: &[f32; 3]) -> Result<dtPolyRef, String> {
        match self.query.find_nearest_poly(target, &HALF_EXTENTS, &self.filter)? {
            0 => Err(format!("Detour finds no polygon at target {target:?}")),
            poly => Ok(poly),
        }
    }
}

impl CrowdSide for DetourCrowdSide<'_> {
    fn populate(&mut self, placements: &[Placement]) -> Result<(), String> {
        self.crowd = None;
        let mut crowd = DetourCrowd::new(self.mesh, placements.len(), AGENT_RADIUS as f32)?;
        let params = detour_params();
        self.indices.clear();
        for placement in placements {
            let index = crowd.add_agent(&placement.start, &params)?;
            crowd.request_move_target(index, self.target_poly(&placement.target)?, &placement.target)?;
            self.indices.push(index);
        }
        self.crowd = Some(crowd);
        Ok(())
    }

    fn step(&mut self) {
        if let Some(crowd) = self.crowd.as_mut() {
            crowd.update(DT as f32);
        }
    }

    fn positions(&mut self, out: &mut Vec<[f64; 3]>) -> Result<(), String> {
        let crowd = self.crowd.as_mut().ok_or("no DetourCrowd yet")?;
        out.clear();
        for &index in &self.indices {
            out.push(crowd.position(index)?.map(f64::from));
        }
        Ok(())
    }
}
