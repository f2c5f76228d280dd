// Agents steered over one version of a mesh (OnavCrowd), stepped by a fixed
// Dt; the same requests give the same bits on every machine. A removed
// agent's handle is stale: using it throws NavMeshReferenceException.
// Readers (Tick, AgentCount, StateHash, ReadAgents, GetAgentParams,
// AgentCorners, AgentCorridor) may run concurrently;
// the rest need exclusive use.
using System;

namespace Onav
{
    public sealed class Crowd : IDisposable
    {
        readonly CrowdHandle handle;

        /// An empty crowd over `mesh` as it is now (a cheap copy).
        public Crowd(TiledNavMesh mesh, CrowdSettings settings)
        {
            if (mesh == null) throw new ArgumentNullException("mesh");
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_crowd_new(mesh.Handle, ref settings, out handle, ref err), ref err);
        }

        /// An empty crowd over a NavMesh's tiled mesh as it is now.
        public Crowd(NavMesh navMesh, CrowdSettings settings)
        {
            if (navMesh == null) throw new ArgumentNullException("navMesh");
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_crowd_new_for_nav_mesh(navMesh.Handle, ref settings, out handle, ref err), ref err);
        }

        /// Moves the crowd to a later version of its mesh.
        public void SetMesh(TiledNavMesh mesh)
        {
            if (mesh == null) throw new ArgumentNullException("mesh");
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_crowd_set_mesh(handle, mesh.Handle, ref err), ref err);
        }

        public void SetMesh(NavMesh navMesh)
        {
            if (navMesh == null) throw new ArgumentNullException("navMesh");
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_crowd_set_nav_mesh(handle, navMesh.Handle, ref err), ref err);
        }

        /// Advances every agent by one tick, on the library's thread pool.
        public void Step()
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_crowd_step(handle, ref err), ref err);
        }

        /// Advances every agent by one tick with all of the work on the
        /// calling thread (no thread pool): the same bits as Step.
        public void StepOnCallingThread()
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_crowd_step_on_calling_thread(handle, ref err), ref err);
        }

        /// Ticks stepped so far.
        public ulong Tick
        {
            get
            {
                var err = new NativeError();
                ulong tick;
                NativeStatus.Check(NativeMethods.onav_crowd_tick(handle, out tick, ref err), ref err);
                return tick;
            }
        }

        public int AgentCount
        {
            get
            {
                var err = new NativeError();
                UIntPtr count;
                NativeStatus.Check(NativeMethods.onav_crowd_agent_count(handle, out count, ref err), ref err);
                return checked((int)count.ToUInt64());
            }
        }

        /// SHA-256 over the tick and every agent: equal hashes, equal crowds.
        public byte[] StateHash()
        {
            var err = new NativeError();
            NativeCrowdHash hash;
            NativeStatus.Check(NativeMethods.onav_crowd_state_hash(handle, out hash, ref err), ref err);
            return hash.ToArray();
        }

        /// Every agent's state in slot order, in one call.
        public AgentState[] ReadAgents()
        {
            return SizeQuery.Collect<AgentState>(AgentCount, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_crowd_read_agents(handle, b, c, out l, ref e));
        }

        /// Adds an agent at the polygon point nearest `position`; it stands
        /// there (Arrived) until asked to move.
        public AgentHandle AddAgent(Double3 position, AgentParams parameters)
        {
            var err = new NativeError();
            AgentHandle agent;
            NativeStatus.Check(NativeMethods.onav_crowd_add_agent(handle, position, ref parameters, out agent, ref err), ref err);
            return agent;
        }

        /// Removes the agent; its handle is stale from now on.
        public void RemoveAgent(AgentHandle agent)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_crowd_remove_agent(handle, agent, ref err), ref err);
        }

        /// Teleports the agent to the polygon point nearest `position`.
        public void SetPosition(AgentHandle agent, Double3 position)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_crowd_set_position(handle, agent, position, ref err), ref err);
        }

        /// Replaces the agent's parameters, keeping it where it stands with
        /// its state and target (walking instead of running, say); a new
        /// filter searches its path again.
        public void SetAgentParams(AgentHandle agent, AgentParams parameters)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_crowd_set_agent_params(handle, agent, ref parameters, ref err), ref err);
        }

        /// The agent's parameters.
        public AgentParams GetAgentParams(AgentHandle agent)
        {
            var err = new NativeError();
            AgentParams parameters;
            NativeStatus.Check(NativeMethods.onav_crowd_agent_params(handle, agent, out parameters, ref err), ref err);
            return parameters;
        }

        /// The agent's corners as of the last step: the next turns of its
        /// path toward its target.
        public StraightPathVertex[] AgentCorners(AgentHandle agent)
        {
            return SizeQuery.Collect<StraightPathVertex>(4, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_crowd_agent_corners(handle, agent, b, c, out l, ref e));
        }

        /// The agent's corridor as of the last step, from its own polygon.
        public ulong[] AgentCorridor(AgentHandle agent)
        {
            return SizeQuery.Collect<ulong>(16, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_crowd_agent_corridor(handle, agent, b, c, out l, ref e));
        }

        public void RequestMoveTarget(AgentHandle agent, Double3 target)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_crowd_request_move_target(handle, agent, target, ref err), ref err);
        }

        public void RequestMoveVelocity(AgentHandle agent, Double3 velocity)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_crowd_request_move_velocity(handle, agent, velocity, ref err), ref err);
        }

        public void ResetMoveTarget(AgentHandle agent)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_crowd_reset_move_target(handle, agent, ref err), ref err);
        }

        /// Ends the agent's off-mesh traversal (OffMeshMode.HostDriven);
        /// InvalidOperationException when it is not on a link.
        public void CompleteOffMeshLink(AgentHandle agent)
        {
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_crowd_complete_off_mesh_link(handle, agent, ref err), ref err);
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }
}
