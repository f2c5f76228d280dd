//! onav's side of the crowd table: an `onav::Crowd` with default settings
//! (dt 1/30 s, 4096 search nodes, placement box (2, 4, 2)) stepped on a
//! rayon pool of a chosen number of threads. On one thread it steps on the
//! calling thread (`Crowd::step_on_calling_thread`), as a host stepping
//! its crowd on its simulation thread would: DetourCrowd's side runs on
//! that thread too, and a pool worker would add a hand-off and a wake-up
//! to every tick. Its agents take turns as the side's turn style says
//! (`--wide-turns`: `TurnStyle::Wide`).

use onav::{AgentHandle, Crowd, CrowdSettings, TiledNavMesh, TurnStyle};
use rayon::ThreadPool;

use crate::crowd_params::{onav_params, DT};
use crate::crowd_placement::Placement;
use crate::crowd_side::CrowdSide;

/// Where the crowd's step runs.
enum Threads {
    /// `Crowd::step_on_calling_thread`.
    Caller,
    Pool(ThreadPool),
}

pub struct OnavCrowdSide<'m> {
    mesh: &'m TiledNavMesh,
    threads: Threads,
    turn_style: TurnStyle,
    crowd: Option<Crowd>,
    handles: Vec<AgentHandle>,
}

/// Says, under a table, when onav's agents rounded turns wide.
pub fn print_turn_style(turn_style: TurnStyle) {
    if turn_style == TurnStyle::Wide {
        println!("\nonav's agents round turns wide (`TurnStyle::Wide`, `--wide-turns`), as DetourCrowd's do.");
    }
}

impl<'m> OnavCrowdSide<'m> {
    pub fn new(mesh: &'m TiledNavMesh, threads: usize, turn_style: TurnStyle) -> Result<OnavCrowdSide<'m>, String> {
        let threads = if threads == 1 {
            Threads::Caller
        } else {
            Threads::Pool(
                rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| format!("rayon: {e}"))?,
            )
        };
        Ok(OnavCrowdSide { mesh, threads, turn_style, crowd: None, handles: Vec::new() })
    }
}

impl CrowdSide for OnavCrowdSide<'_> {
    fn populate(&mut self, placements: &[Placement]) -> Result<(), String> {
        self.crowd = None;
        let settings = CrowdSettings { dt: DT, ..CrowdSettings::default() };
        let mut crowd = Crowd::new(self.mesh, settings).map_err(|e| format!("onav Crowd::new: {e}"))?;
        let params = onav_params(self.turn_style);
        self.handles.clear();
        for placement in placements {
            let handle = crowd
                .add_agent(placement.start.map(f64::from), params.clone())
                .map_err(|e| format!("onav add_agent: {e}"))?;
            crowd
                .request_move_target(handle, placement.target.map(f64::from))
                .map_err(|e| format!("onav request_move_target: {e}"))?;
            self.handles.push(handle);
        }
        self.crowd = Some(crowd);
        Ok(())
    }

    fn step(&mut self) {
        if let Some(crowd) = self.crowd.as_mut() {
            match &self.threads {
                Threads::Caller => crowd.step_on_calling_thread(),
                Threads::Pool(pool) => pool.install(|| crowd.step()),
            }
        }
    }

    fn positions(&mut self, out: &mut Vec<[f64; 3]>) -> Result<(), String> {
        let crowd = self.crowd.as_ref().ok_or("no onav crowd yet")?;
        out.clear();
        for &handle in &self.handles {
            out.push(crowd.agent(handle).ok_or("an onav agent vanished")?.position());
        }
        Ok(())
    }
}
